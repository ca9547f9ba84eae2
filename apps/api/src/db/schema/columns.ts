import { customType, foreignKey, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** bytea as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/** A moment: timestamptz read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What a row sent by the provider's systems carries beside our own id (issue 11): the provider's key for it
 * (unique per customer and kind), the version the sender named (for reconciliation) and the hash of the row
 * as last written (a repeat of the same row changes nothing). All null for rows the portal made itself.
 */
export const externalKeyColumns = () => ({
  externalKey: text('external_key'),
  importVersion: text('import_version'),
  importHash: bytea('import_hash'),
});

/** A row's customer: every customer-owned table has it, first in its primary key (decision 0002). */
export const customerId = () => uuid('client_id').notNull();

/** When a row was made (the database's clock). */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** The primary key of a customer's row: its customer, then its own id. */
export const customerKey = (t: { customerId: AnyPgColumn; id: AnyPgColumn }) => primaryKey({ columns: [t.customerId, t.id] });

/**
 * A reference from a customer's row to another row of the same customer: through the composite key, so that a
 * row can never point into another customer's data (and the schema can be distributed by customer).
 */
export const sameCustomer = (t: { customerId: AnyPgColumn }, column: AnyPgColumn, target: { customerId: AnyPgColumn; id: AnyPgColumn }) =>
  foreignKey({ columns: [t.customerId, column], foreignColumns: [target.customerId, target.id] });
