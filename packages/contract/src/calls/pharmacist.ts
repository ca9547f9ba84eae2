import { z } from 'zod';
import { defineCall } from '../define.js';
import { validation as v } from '../messages.js';
import { pharmacistType } from '../enums.js';
import { emailAddressField, idField, optionalText, queryIdField, requiredEnum, requiredText } from '../fields.js';
import { defineTableCall } from '../table.js';

const pharmacistFields = {
  emailAddress: emailAddressField(v.pharmacistEmailRequired),
  firstName: requiredText(v.pharmacistFirstNameRequired, 100),
  middleName: optionalText(50),
  lastName: requiredText(v.pharmacistLastNameRequired, 100),
  /** The web form starts at Administrator; the schema has no default. */
  pharmacistType: requiredEnum(pharmacistType.options, v.pharmacistTypeRequired),
};

export const addPharmacistRequest = z.strictObject(pharmacistFields);

const addPharmacist = defineCall({
  controller: 'Pharmacist',
  action: 'AddPharmacist',
  method: 'POST',
  body: addPharmacistRequest,
  summary: "Add an account to the own customer and mail its activation link (administrators only).",
});

const deletePharmacistById = defineCall({
  controller: 'Pharmacist',
  action: 'DeletePharmacistById',
  method: 'DELETE',
  query: z.object({ Id: queryIdField() }),
  summary: "Delete an account of the own customer (administrators only).",
});

export const pharmacist = z.object({
  accountId: z.int(),
  emailAddress: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  pharmacistType,
  isActive: z.boolean(),
});
export type Pharmacist = z.infer<typeof pharmacist>;

const getPharmacistById = defineCall({
  controller: 'Pharmacist',
  action: 'GetPharmacistById',
  method: 'GET',
  query: z.object({ AccountId: queryIdField() }),
  response: pharmacist,
  summary: 'One account of the own customer (administrators only).',
});

export const pharmacistTableColumns = [
  'accountId',
  'emailAddress',
  'firstName',
  'middleName',
  'lastName',
  'pharmacistType',
  'isActive',
] as const;
export type PharmacistTableColumn = (typeof pharmacistTableColumns)[number];

const getPharmacistTable = defineTableCall({
  controller: 'Pharmacist',
  action: 'GetPharmacistTable',
  columns: pharmacistTableColumns,
  row: pharmacist,
  summary: "One page of the own customer's accounts (administrators only).",
});

export const updatePharmacistRequest = z.strictObject({
  accountId: idField(v.required),
  ...pharmacistFields,
  isActive: z.boolean({ error: v.required }),
});

const updatePharmacist = defineCall({
  controller: 'Pharmacist',
  action: 'UpdatePharmacist',
  method: 'POST',
  body: updatePharmacistRequest,
  summary: 'Change an account of the own customer (administrators only).',
});

export const pharmacistCalls = {
  addPharmacist,
  deletePharmacistById,
  getPharmacistById,
  getPharmacistTable,
  updatePharmacist,
} as const;
