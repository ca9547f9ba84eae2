import { sql } from 'drizzle-orm';
import { eventReadScope, integrationEventTypes, type EventFeed, type IntegrationEvent, type IntegrationEventType } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { IntegrationReading } from '../../doors/integration.js';
import { HttpProblem } from '../../lib/problems.js';
import { withIntegration } from '../integration/integration-tx.js';
import type { IntegrationScope } from '@portal/contract';

/**
 * The event feed (issue 29.1, decision 0076): what follows a reader's cursor, in the order the events became
 * visible. Events get their place after they were committed (the sequencer), so a page never shows position n
 * while an event that will be fed before it is still in flight.
 */

/** Gives the committed events without a place theirs; in a transaction of its own (READ COMMITTED). */
export async function sequenceEvents(db: Db): Promise<number> {
  const result = await withIntegration(db, (tx) => tx.execute<{ sequenced: number }>(sql`select portal_sequence_events() as sequenced`));
  return Number(result.rows[0]?.sequenced ?? 0);
}

export interface EventRow {
  id: string;
  position: number | string;
  type: string;
  occurred_at: Date | string;
  payload: unknown;
}

/** One event on the wire: the feed's item and a webhook's body. */
export const eventEnvelope = (row: EventRow): IntegrationEvent =>
  ({
    id: row.id,
    position: Number(row.position),
    type: row.type,
    timestamp: new Date(row.occurred_at).toISOString(),
    data: row.payload,
  }) as IntegrationEvent;

/** The event types a client reads: those its scopes allow, of those it asked for. */
export function readableTypes(scopes: readonly IntegrationScope[], asked: readonly IntegrationEventType[] | undefined): IntegrationEventType[] {
  const allowed = integrationEventTypes.filter((type) => scopes.includes(eventReadScope(type)) && (!asked || asked.includes(type)));
  if (allowed.length === 0) {
    const needed = [...new Set((asked ?? integrationEventTypes).map(eventReadScope))].sort().join(' ');
    throw new HttpProblem(403, `Deze koppeling heeft geen toegang tot deze gebeurtenissen: daarvoor is de scope ${needed.replace(' ', ' of ')} nodig`, undefined, {
      'www-authenticate': `Bearer realm="integration", error="insufficient_scope", scope="${needed}"`,
    });
  }
  return allowed;
}

interface PageRow extends EventRow, Record<string, unknown> {
  client_id: string | null;
  patient_ids: number[] | null;
  top: number | string;
  oldest: number | string | null;
}

/**
 * A page of the feed after `after`. The events and the feed's end are read in one statement (one snapshot):
 * the cursor of an answer without events moves to the end the same snapshot saw, never past an event it did not.
 */
export async function readFeed(reading: IntegrationReading, query: { after: number; limit: number; types: IntegrationEventType[] }): Promise<EventFeed> {
  const result = await reading.tx.execute<PageRow>(sql`
    with bounds as (select coalesce(max(position), 0) as top, min(position) as oldest from integration_events)
    select e.id, e.position, e.type, e.occurred_at, e.payload, e.client_id, e.patient_ids, b.top, b.oldest
    from bounds b left join lateral (
      select * from integration_events
      where position > ${query.after} and type in (${sql.join(query.types.map((type) => sql`${type}`), sql`, `)})
      order by position limit ${query.limit + 1}
    ) e on true`);
  const first = result.rows[0];
  const top = Number(first?.top ?? 0);
  const oldest = first?.oldest == null ? null : Number(first.oldest);
  // Events after the cursor were removed (kept for EVENT_RETENTION_DAYS): the reader would miss them unawares.
  if (query.after > 0 && oldest !== null && query.after < oldest - 1) {
    throw new HttpProblem(410, `De gebeurtenissen na cursor ${query.after} worden niet meer bewaard; de oudste is ${oldest}: lees opnieuw vanaf 0`);
  }
  const rows = result.rows.filter((row) => row.id !== null);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page[page.length - 1];
  auditPatients(reading, page);
  return {
    events: page.map(eventEnvelope),
    next: String(hasMore || last ? Number(last?.position) : Math.max(top, query.after)),
    hasMore,
  };
}

/** The patients a page names, one audit row per customer (NEN 7513: who read which patient's data, when). */
function auditPatients(reading: IntegrationReading, page: readonly PageRow[]): void {
  const byCustomer = new Map<string, { patients: Set<number>; positions: number[] }>();
  for (const row of page) {
    if (!row.patient_ids?.length || !row.client_id) continue;
    const seen = byCustomer.get(row.client_id) ?? { patients: new Set<number>(), positions: [] };
    for (const id of row.patient_ids) seen.patients.add(Number(id));
    seen.positions.push(Number(row.position));
    byCustomer.set(row.client_id, seen);
  }
  for (const [customerId, seen] of byCustomer) {
    reading.audit({
      action: 'Integration.EventsRead',
      customerId,
      patientIds: [...seen.patients],
      objectType: 'IntegrationEvent',
      objectId: `${seen.positions[0]}-${seen.positions[seen.positions.length - 1]}`,
      details: { positions: seen.positions.length },
    });
  }
}
