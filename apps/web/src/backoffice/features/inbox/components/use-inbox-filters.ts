import { inboxKinds, type InboxKind, type InboxStatus } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { InboxFilters } from '../api/inbox';

/** The status choice: what still needs work (the server's default), one status, or every status. */
export type StatusChoice = 'open' | InboxStatus | 'all';
const statusChoices: readonly StatusChoice[] = ['open', 'New', 'Processing', 'Archived', 'all'];

/** The filters as the address keeps them, so that going back from an item finds the inbox as it was. */
export interface FilterValues {
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
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function valuesOf(params: URLSearchParams): FilterValues {
  const status = params.get('status') as StatusChoice | null;
  const kind = params.get('kind') as InboxKind | null;
  const assignee = params.get('assignee') ?? '';
  const client = params.get('client') ?? '';
  const date = (name: string) => (DATE.test(params.get(name) ?? '') ? params.get(name)! : '');
  return {
    status: status && statusChoices.includes(status) ? status : 'open',
    kind: kind && inboxKinds.includes(kind) ? kind : '',
    assignee: assignee === 'nobody' || assignee === 'me' || /^\d{1,9}$/.test(assignee) ? assignee : '',
    client: UUID.test(client) ? client : '',
    clientName: UUID.test(client) ? (params.get('clientName') ?? '') : '',
    from: date('from'),
    until: date('until'),
  };
}

/** What the table call is asked for the values; an end before the start is left out (the form says why). */
export function filtersOf(values: FilterValues): InboxFilters {
  const { status, kind, assignee, client, from, until } = values;
  return {
    statuses: status === 'open' ? null : status === 'all' ? [] : [status],
    kinds: kind ? [kind] : null,
    assignee: assignee === 'nobody' || assignee === 'me' ? assignee : assignee ? Number(assignee) : null,
    clientId: client || null,
    receivedFrom: from || null,
    receivedUntil: until && !(from && until < from) ? until : null,
  };
}

export function useInboxFilters() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => valuesOf(params), [params]);
  const filters = useMemo(() => filtersOf(values), [values]);
  const change = useCallback(
    (changes: Partial<Record<keyof FilterValues, string>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value && !(name === 'status' && value === 'open')) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = [...params.keys()].length > 0;
  return { values, filters, change, clear, active };
}
