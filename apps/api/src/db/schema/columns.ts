import { customType, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/** A moment: timestamptz read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
