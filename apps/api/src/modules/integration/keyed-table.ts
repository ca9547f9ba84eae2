import { sql, type SQL } from 'drizzle-orm';
import { importRowText, type ImportRejection } from '@portal/contract';
import type { IntegrationTx } from './integration-tx.js';

/** A row of a batch after validation, with where it came from and what it hashes to. */
export interface StagedRow<Row> {
  line: number;
  key: string;
  row: Row;
  /** hex SHA-256 of the row as sent, canonical (row-hash.ts): a repeat of the same row changes nothing */
  hash: string;
}

/** A refused row: its line and key, the code and field of what was wrong, and the Dutch reason. */
export type Rejection = ImportRejection;

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** rows older (by their version) than the row kept: refused, and counted apart from the rejected */
  stale: number;
  rejected: Rejection[];
  /** our ids of the rows written (inserted or updated), by their key */
  written: Map<string, number | string>;
}

type PgType = 'text' | 'int' | 'date' | 'numeric' | 'boolean';

/** A column a kind writes: its name, its type and where its value comes from. */
export interface KeyedColumn<Row> {
  column: string;
  type: PgType;
  value: (row: Row) => string | number | boolean | null;
}

/** A reference of a row to another row of the same customer, by that row's key (a patient's department). */
export interface KeyedReference<Row> {
  /** the column that holds our id of the referred row */
  column: string;
  /** the table referred to, with its key column */
  table: string;
  keyOf: (row: Row) => string;
  /** the row's field that names it */
  field: string;
  /** the Dutch reason a row is refused for when the key names no row */
  unknown: string;
}

/**
 * References of a row's nested elements to rows of the same customer (an invoice's lines to departments): every
 * key must name one, or the row is refused as a whole, as a row with a `KeyedReference` to nothing is.
 */
export interface NestedReferences<Row> {
  table: string;
  /** each key a nested element names, with the field that names it (`lines[2].department`) */
  keysOf: (row: Row) => { key: string; field: string }[];
  unknown: string;
}

/** A value that must be unique per customer besides the key (a department's name), and what to say when not. */
export interface UniqueBesideKey<Row> {
  column: string;
  /** the row's field that holds the value */
  field: string;
  type: PgType;
  value: (row: Row) => string;
  taken: string;
}

/** How one kind maps onto one table keyed by the provider's keys. */
export interface KeyedTable<Row> {
  table: string;
  /** the column holding the provider's key */
  keyColumn: string;
  /** false for the customer list and the catalogue */
  perCustomer: boolean;
  columns: KeyedColumn<Row>[];
  reference?: KeyedReference<Row>;
  nestedReferences?: NestedReferences<Row>;
  unique?: UniqueBesideKey<Row>;
  version: (row: Row) => string | null;
  /** whether the engine needs our ids of the written rows (to replace nested rows, to audit patients) */
  needsIds?: boolean;
}

const ident = (name: string) => sql.identifier(name);
const arrayOf = (values: unknown[], type: PgType) => sql`${sql.param(values)}::${sql.raw(type === 'int' ? 'int' : type)}[]`;

/**
 * Inserts the rows that are new, updates the rows whose content changed and leaves the others as they are, in
 * one statement per chunk: the rows travel as arrays (`unnest`), so a chunk of thousands of rows is one round
 * trip. Rows whose references or unique value cannot be honoured are refused with a reason, not written.
 */
export async function upsertKeyed<Row>(
  tx: IntegrationTx,
  table: KeyedTable<Row>,
  customerId: string | null,
  rows: StagedRow<Row>[],
): Promise<WriteCounts> {
  const inputs: { name: string; type: PgType; values: unknown[] }[] = [
    { name: 'line', type: 'int', values: rows.map((r) => r.line) },
    { name: 'key', type: 'text', values: rows.map((r) => r.key) },
    { name: 'version', type: 'text', values: rows.map((r) => table.version(r.row)) },
    { name: 'hash', type: 'text', values: rows.map((r) => r.hash) },
    ...table.columns.map((c) => ({ name: `c_${c.column}`, type: c.type, values: rows.map((r) => c.value(r.row)) })),
  ];
  const ref = table.reference;
  if (ref) inputs.push({ name: 'ref_key', type: 'text', values: rows.map((r) => ref.keyOf(r.row)) });
  const unique = table.unique;
  if (unique) inputs.push({ name: 'unique_value', type: unique.type, values: rows.map((r) => unique.value(r.row)) });

  const ownRows = (alias: string) => (customerId ? sql`${ident(alias)}.client_id = ${customerId}` : sql`true`);
  const refJoin = ref
    ? sql`left join ${ident(ref.table)} ref on ${ownRows('ref')} and ref.external_key = i.ref_key`
    : sql``;
  const uniqueJoin = unique
    ? sql`left join ${ident(table.table)} taken on ${ownRows('taken')} and taken.${ident(unique.column)} = i.unique_value
          and taken.${ident(table.keyColumn)} is distinct from i.key`
    : sql``;
  const nested = table.nestedReferences;
  // The nested keys travel as (line, key) pairs, in the row's order; a line with a key that names nothing is
  // refused, naming the first such element.
  const nestedKeys = nested ? rows.flatMap((r) => nested.keysOf(r.row).map((n) => ({ line: r.line, ...n }))) : [];
  const unknownNested = nested
    ? sql`, unknown_nested as (
        select distinct on (n.line) n.line, n.field from unnest(${arrayOf(nestedKeys.map((n) => n.line), 'int')}, ${arrayOf(nestedKeys.map((n) => n.key), 'text')},
          ${arrayOf(nestedKeys.map((n) => n.field), 'text')}) with ordinality as n(line, key, field, position)
        where not exists (select 1 from ${ident(nested.table)} nr where ${ownRows('nr')} and nr.external_key = n.key)
        order by n.line, n.position
      )`
    : sql``;
  const refused: SQL[] = [
    // A version is the sender's order of its row's states: one older than what is kept would undo a later change,
    // and the same version with other content means two states under one name (decision 0069).
    sql`case when i.version is not null and cur.import_version is not null and portal_version_before(i.version, cur.import_version) then 'stale'
      when i.version is not null and cur.import_version = i.version and cur.import_hash <> decode(i.hash, 'hex') then 'conflict' end`,
  ];
  if (ref) refused.push(sql`case when ref.id is null then 'reference' end`);
  if (nested) refused.push(sql`case when i.line in (select line from unknown_nested) then 'nested' end`);
  if (unique) refused.push(sql`case when taken.ctid is not null then 'unique' end`);
  const refusal = refused.length ? sql`coalesce(${sql.join(refused, sql`, `)})` : sql`null::text`;

  const targetColumns = [
    ...(customerId ? [ident('client_id')] : []),
    ident(table.keyColumn),
    ...(ref ? [ident(ref.column)] : []),
    ...table.columns.map((c) => ident(c.column)),
    ident('import_version'),
    ident('import_hash'),
  ];
  const sourceValues = [
    ...(customerId ? [sql`${customerId}::uuid`] : []),
    sql`key`,
    ...(ref ? [sql`ref_id`] : []),
    ...table.columns.map((c) => ident(`c_${c.column}`)),
    sql`version`,
    sql`decode(hash, 'hex')`,
  ];
  const updates = targetColumns
    .filter((_, i) => i >= (customerId ? 2 : 1))
    .map((column) => sql`${column} = excluded.${column}`);
  const conflict = customerId ? sql`(client_id, ${ident(table.keyColumn)})` : sql`(${ident(table.keyColumn)})`;
  const returnedId = table.keyColumn === 'client_code' ? sql`t.id::text` : sql`t.id`;

  // One row back: the counts, the refused rows, and our ids of the written rows only where a kind needs them.
  const writtenIds = table.needsIds
    ? sql`(select coalesce(json_agg(json_build_array(key, id)), '[]') from written)`
    : sql`'[]'::json`;
  const result = await tx.execute<{ inserted: number; updated: number; refused: [number, string, string, string | null][]; written: [string, number | string][] }>(sql`
    with i as (
      select * from unnest(${sql.join(inputs.map((x) => arrayOf(x.values, x.type)), sql`, `)})
        as i(${sql.join(inputs.map((x) => ident(x.name)), sql`, `)})
    )${unknownNested},
    checked as (
      select i.*, ${ref ? sql`ref.id as ref_id,` : sql``} ${refusal} as refusal
      from i
      left join ${ident(table.table)} cur on ${ownRows('cur')} and cur.${ident(table.keyColumn)} = i.key
      ${refJoin} ${uniqueJoin}
    ),
    written as (
      insert into ${ident(table.table)} as t (${sql.join(targetColumns, sql`, `)})
      select ${sql.join(sourceValues, sql`, `)} from checked where refusal is null
      on conflict ${conflict} do update set ${sql.join(updates, sql`, `)}
        where t.import_hash is distinct from excluded.import_hash
      returning t.${ident(table.keyColumn)} as key, ${returnedId} as id, (t.xmax = 0) as inserted
    )
    select
      (select count(*) filter (where inserted) from written)::int as inserted,
      (select count(*) filter (where not inserted) from written)::int as updated,
      (select coalesce(json_agg(json_build_array(c.line, c.key, c.refusal, ${nested ? sql`(select n.field from unknown_nested n where n.line = c.line)` : sql`null::text`})), '[]')
        from checked c where c.refusal is not null) as refused,
      ${writtenIds} as written
  `);
  const row = result.rows[0];
  const counts: WriteCounts = { inserted: row?.inserted ?? 0, updated: row?.updated ?? 0, unchanged: 0, stale: 0, rejected: [], written: new Map(row?.written ?? []) };
  for (const [line, key, refusal, nestedField] of row?.refused ?? []) {
    if (refusal === 'stale') counts.stale += 1;
    else if (refusal === 'conflict') counts.rejected.push({ line, key, code: 'version_conflict', field: 'version', reason: importRowText.versionConflict });
    else if (refusal === 'reference' && ref) counts.rejected.push({ line, key, code: 'unknown_reference', field: ref.field, reason: ref.unknown });
    else if (refusal === 'nested' && nested) counts.rejected.push({ line, key, code: 'unknown_reference', field: nestedField, reason: nested.unknown });
    else counts.rejected.push({ line, key, code: 'not_unique', field: unique?.field ?? null, reason: unique?.taken ?? refusal });
  }
  counts.unchanged = rows.length - counts.inserted - counts.updated - counts.stale - counts.rejected.length;
  return counts;
}
