import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { administratorsOnly, pharmacistType } from '../enums.js';
import { emailAddressField, idField, optionalText, queryIdField, requiredEnum, requiredText } from '../fields.js';
import { tableCall } from '../table.js';

const pharmacistFields = {
  emailAddress: emailAddressField(v.pharmacistEmailRequired),
  firstName: requiredText(v.pharmacistFirstNameRequired, 100),
  middleName: optionalText(50),
  lastName: requiredText(v.pharmacistLastNameRequired, 100),
  /** The web form starts at Administrator; the schema has no default. */
  pharmacistType: requiredEnum(pharmacistType.options, v.pharmacistTypeRequired),
};

export const addPharmacistRequest = z.strictObject(pharmacistFields);

export const pharmacist = z.object({
  accountId: z.int(),
  emailAddress: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  pharmacistType,
  isActive: z.boolean(),
  /** Invited and not activated yet: the account has no password (issue 13; a server of the spec leaves it out). */
  invited: z.boolean().optional(),
  /** Logs in with two-factor login (issue 13; a server of the spec leaves it out). */
  totpEnabled: z.boolean().optional(),
});
export type Pharmacist = z.infer<typeof pharmacist>;

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

export const updatePharmacistRequest = z.strictObject({
  accountId: idField(v.required),
  ...pharmacistFields,
  isActive: z.boolean({ error: v.required }),
  /** Taken and ignored: an account read with GetPharmacistById may be sent back as it is. */
  invited: z.boolean().optional(),
  totpEnabled: z.boolean().optional(),
});

export const pharmacistCalls = controller('Pharmacist', {
  addPharmacist: {
    method: 'POST',
    body: addPharmacistRequest,
    summary: "Add an account to the own customer and mail its activation link (administrators only).",
  },
  deletePharmacistById: {
    method: 'DELETE',
    query: z.object({ Id: queryIdField() }),
    summary: "Delete an account of the own customer (administrators only).",
  },
  getPharmacistById: {
    method: 'GET',
    query: z.object({ AccountId: queryIdField() }),
    response: pharmacist,
    summary: 'One account of the own customer (administrators only).',
  },
  getPharmacistTable: tableCall({
    columns: pharmacistTableColumns,
    row: pharmacist,
    summary: "One page of the own customer's accounts (administrators only).",
  }),
  updatePharmacist: {
    method: 'POST',
    body: updatePharmacistRequest,
    summary: 'Change an account of the own customer (administrators only).',
  },
  /**
   * Not in the spec (issue 13): a colleague lost the phone with the authenticator app. Turns their two-factor login
   * off and ends their sessions; they log in with their password and set it up again. Never one's own account.
   */
  resetColleagueTotp: {
    method: 'POST',
    body: z.strictObject({ accountId: idField(v.required) }),
    summary: "Reset a colleague's two-factor login (administrators only; not one's own): TOTP off, sessions ended, a mail to them.",
  },
  /** Not in the spec (issue 13): a new activation mail for an account that was invited and is not activated yet. */
  resendInvitation: {
    method: 'POST',
    body: z.strictObject({ accountId: idField(v.required) }),
    summary: 'Send the activation mail again to an invited account that is not activated yet; the old link stops working.',
  },
}, { roles: administratorsOnly });
