import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, customerId, customerKey, externalKeyColumns, sameCustomer, ts } from './columns.js';

/** The customers, their departments (facilities) and their patients: the roots of every tenant's rows. */

export const customers = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** in capitals (issue 26.8): a code that differs in case only is the same code */
    clientCode: text('client_code').notNull().unique(),
    name: text('name').notNull(),
    /** 'Pharmacy' or 'CareInstitution' */
    kind: text('kind').notNull(),
    /** the deployment site whose forms this customer uses (basic, alkmaar, apeldoorn, oosterwolde); null: the portal's own */
    site: text('site'),
    /** the invoice address: street and number, postal code, place (null until the provider sends it) */
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    importVersion: text('import_version'),
    importHash: bytea('import_hash'),
    /** set when the provider deactivates the customer: its accounts can no longer log in; nothing is deleted */
    deactivatedAt: ts('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [check('clients_client_code_capitals', sql`${t.clientCode} = upper(${t.clientCode})`)],
);

export const departments = pgTable(
  'facilities',
  {
    customerId: uuid('client_id').notNull().references(() => customers.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    ...externalKeyColumns(),
  },
  (t) => [
    customerKey(t),
    uniqueIndex('facilities_client_name').on(t.customerId, t.name),
    uniqueIndex('facilities_external_key').on(t.customerId, t.externalKey),
  ],
);

export const patients = pgTable(
  'patients',
  {
    customerId: customerId(),
    id: integer('id').generatedAlwaysAsIdentity(),
    departmentId: integer('facility_id').notNull(),
    firstName: text('first_name').notNull(),
    namePrefix: text('name_prefix'),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    ...externalKeyColumns(),
  },
  (t) => [
    customerKey(t),
    uniqueIndex('patients_external_key').on(t.customerId, t.externalKey),
    sameCustomer(t, t.departmentId, departments),
  ],
);
