import { customType, text, timestamp } from 'drizzle-orm/pg-core';

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
