import { sql } from 'drizzle-orm';
import { inboxKindLabels, inboxKinds, inboxStatus, inboxStatusLabels, type MyRequestRow, type MyRequestTableColumn, myRequestTableDefaults, referenceSearch, type ThreadMessage } from '@portal/contract';
import { fold, type TableDefinition } from '../../lib/tables.js';
import { inboxItems } from '../inbox/inbox-items.js';

const kindsByLabel = [...inboxKinds].sort((a, b) => inboxKindLabels[a].localeCompare(inboxKindLabels[b], 'nl'));
const statuses = [...inboxStatus.options];
const instant = (value: unknown) => new Date(value as string | Date).toISOString();

interface StoredAnswer {
  at: string;
  subject: string | null;
  text: string | null;
}

interface StoredMessage extends Omit<ThreadMessage, 'text'> {
  text: string | null;
}

/**
 * The customer's own submissions and service orders ("Mijn aanvragen en meldingen") with their status and the
 * provider's answers and its own replies. Never a note or an assignment, never who of the staff (the app role's
 * policy on inbox_events lets only status changes, answers and replies through; only answers and replies are read).
 */
export const myRequestTable: TableDefinition<MyRequestTableColumn, MyRequestRow> = {
  sortColumns: {
    receivedAt: sql`i.created_at`,
    id: sql`i.id`,
    kind: sql`array_position(${sql.param(kindsByLabel)}::text[], i.kind)`,
    status: sql`array_position(${sql.param(statuses)}::text[], i.status)`,
  },
  defaults: myRequestTableDefaults,
  tieBreaker: sql`(i.id::bigint * 2 + (i.item_kind = 'ServiceOrder')::int)`,
  from: sql`${inboxItems} i`,
  ownRows: (customerId) => sql`i.client_id = ${customerId}`,
  search: (_pattern, term) => {
    const kinds = inboxKinds.filter((kind) => fold(inboxKindLabels[kind]).includes(term));
    const matching = statuses.filter((status) => fold(inboxStatusLabels[status]).includes(term));
    const conditions = [sql`false`];
    if (kinds.length) conditions.push(sql`i.kind = any(${sql.param(kinds)}::text[])`);
    if (matching.length) conditions.push(sql`i.status = any(${sql.param(matching)}::text[])`);
    const reference = referenceSearch(term);
    if (reference) {
      conditions.push(reference.itemKind ? sql`(i.item_kind = ${reference.itemKind} and i.id = ${reference.id})` : sql`i.id = ${reference.id}`);
    }
    return sql.join(conditions, sql` or `);
  },
  select: sql`i.item_kind, i.id, i.kind, i.created_at, i.status, i.status_changed_at, i.submitter_name,
    coalesce((
      select json_agg(json_build_object('at', e.at, 'subject', e.subject, 'text', e.body) order by e.at, e.id)
      from inbox_events e
      where e.client_id = i.client_id and e.item_kind = i.item_kind and e.item_id = i.id and e.event = 'Answer'
    ), '[]'::json) as answers,
    coalesce((
      select json_agg(json_build_object(
        'at', e.at, 'from', case when e.event = 'Reply' then 'customer' else 'provider' end,
        'author', case when e.event = 'Reply' then (select concat_ws(' ', a.first_name, nullif(a.middle_name, ''), a.last_name) from accounts a
                                                     where a.client_id = e.client_id and a.id = e.account_id) end,
        'subject', e.subject, 'text', e.body,
        'files', coalesce((select json_agg(json_build_object('fileGuid', f.id, 'fileName', f.file_name) order by f.created_at, f.id)
                           from uploaded_files f where f.client_id = e.client_id and f.inbox_event_id = e.id), '[]'::json)
      ) order by e.at, e.id)
      from inbox_events e
      where e.client_id = i.client_id and e.item_kind = i.item_kind and e.item_id = i.id and e.event in ('Answer', 'Reply')
    ), '[]'::json) as thread`,
  toRow: (r) => ({
    itemKind: r.item_kind as MyRequestRow['itemKind'],
    id: Number(r.id),
    kind: String(r.kind),
    receivedAt: instant(r.created_at),
    status: String(r.status),
    statusChangedAt: r.status_changed_at === null ? null : instant(r.status_changed_at),
    submitterName: (r.submitter_name as string | null) ?? null,
    answers: (r.answers as StoredAnswer[]).map((a) => ({ at: instant(a.at), subject: a.subject, text: a.text ?? '' })),
    thread: (r.thread as StoredMessage[]).map((m) => ({ ...m, at: instant(m.at), text: m.text ?? '' })),
  }),
};
