import { inboxKinds, type InboxKind, type InboxStatus } from '@portal/contract';
import { useMemo } from 'react';
import { isFilterDate, readUrlFilters, useUrlFilters, type FilterChecks } from '@/components/filters/use-url-filters';
import type { InboxFilters } from '../api/inbox';

/** The status choice: what still needs work (the server's default), one status, or every status. */
export type StatusChoice = 'open' | InboxStatus | 'all';
const statusChoices: readonly StatusChoice[] = ['open', 'New', 'Processing', 'Archived', 'all'];

/** The filters as the address keeps them, so that going back from an item finds the inbox as it was. */
export type FilterValues = {
  status: StatusChoice;
  /** '' for every kind */
  kind: InboxKind | '';
  /** '' for everybody, 'nobody', 'me' or a colleague's id */
  assignee: string;
  /** a customer's id and name, '' for every customer */
  client: string;
  clientName: string;
  /** YYYY-MM-DD, '' for no limit */
  from: string;
  until: string;
  /** '1': only the items past their due moment ("Te laat") */
  overdue: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters as texts, as the address and the filter bar's choices give them. */
type FilterTexts = Record<keyof FilterValues, string>;
const defaults: FilterTexts = { status: 'open', kind: '', assignee: '', client: '', clientName: '', from: '', until: '', overdue: '' };
const checks: FilterChecks<FilterTexts> = {
  status: (value) => (statusChoices as readonly string[]).includes(value),
  kind: (value) => (inboxKinds as readonly string[]).includes(value),
  assignee: (value) => value === 'nobody' || value === 'me' || /^\d{1,9}$/.test(value),
  client: (value) => UUID.test(value),
  from: isFilterDate,
  until: isFilterDate,
  overdue: (value) => value === '1',
};

/** What the table call is asked for the values; an end before the start is left out (the form says why). */
export function filtersOf(values: FilterValues): InboxFilters {
  const { status, kind, assignee, client, from, until, overdue } = values;
  return {
    statuses: status === 'open' ? null : status === 'all' ? [] : [status],
    kinds: kind ? [kind] : null,
    assignee: assignee === 'nobody' || assignee === 'me' ? assignee : assignee ? Number(assignee) : null,
    customerId: client || null,
    receivedFrom: from || null,
    receivedUntil: until && !(from && until < from) ? until : null,
    overdue: overdue === '1' ? true : null,
  };
}

/** The filters an address of the inbox holds, read outside the inbox (an item's way to its neighbours). */
export function filtersOfAddress(params: URLSearchParams): InboxFilters {
  const texts = readUrlFilters(params, defaults, checks);
  return filtersOf({ ...texts, clientName: '' } as FilterValues);
}

export function useInboxFilters() {
  const { values: texts, change, clear, active } = useUrlFilters(defaults, checks);
  // The checks let only a status and a kind of the choices through; a customer's name goes only with its customer.
  const values = useMemo(() => ({ ...texts, clientName: texts.client ? texts.clientName : '' }) as FilterValues, [texts]);
  const filters = useMemo(() => filtersOf(values), [values]);
  return { values, filters, change, clear, active };
}
