import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { customerCodeField, emailAddressField, requiredText, uuidField } from '../fields.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';
import { customerSites } from '../integration/rows.js';

export const customerText = {
  codeInUse: 'Er is al een klant met deze klantcode',
  codeRequired: 'Klantcode is verplicht',
  nameRequired: 'Naam is verplicht',
} as const;

export const customerKindLabels = { Pharmacy: 'Apotheek', CareInstitution: 'Zorginstelling' } as const;
export const customerKind = z.enum(['Pharmacy', 'CareInstitution'], { error: v.required });
/** A site of its own (its imperfection form and calendar); null: the deployment's profile. */
export const customerSite = z.enum(customerSites, { error: v.invalidValue }).nullable();
export const customerSiteLabels: Record<string, string> = {
  basic: 'Basis',
  oosterwolde: 'Oosterwolde',
  apeldoorn: 'Apeldoorn',
  alkmaar: 'Alkmaar',
};

export const customerColumns = ['code', 'name', 'kind', 'lastActivity'] as const;
export type CustomerColumn = (typeof customerColumns)[number];
export const customerTableDefaults = { sortBy: 'name', descending: false, rowsPerPage: 20 } as const satisfies {
  sortBy: CustomerColumn;
  descending: boolean;
  rowsPerPage: number;
};

export const customerRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  site: z.string().nullable(),
  departments: z.number().int(),
  accounts: z.number().int(),
  lastActivity: z.string().nullable(),
  isActive: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customerDetail = customerRow.extend({
  deactivatedAt: z.string().nullable(),
  /** the deployment's profile, which a customer without a site of its own uses */
  defaultSite: z.string(),
  departmentList: z.array(z.object({ id: z.number().int(), name: z.string(), patients: z.number().int() })),
  accountList: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      emailAddress: z.string(),
      type: z.string(),
      isActive: z.boolean(),
      isInvited: z.boolean(),
      lastLoginAt: z.string().nullable(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

const customerFields = {
  name: requiredText(customerText.nameRequired, 200),
  kind: customerKind,
  site: customerSite,
};

export const backofficeCustomerCalls = staffController(
  'Customers',
  ['Beheerder', 'Klantenservice'],
  {
    getTable: { method: 'POST', body: tableRequest(customerColumns), response: tableResponse(customerRow), summary: 'Every customer, searched, sorted and paged.' },
    get: { method: 'GET', query: z.object({ Id: uuidField() }), response: customerDetail, summary: 'One customer with its departments and accounts.' },
    create: {
      method: 'POST',
      body: z.strictObject({ code: customerCodeField(customerText.codeRequired), ...customerFields }),
      response: z.object({ id: z.string() }),
      summary: 'Create a customer (no site: the deployment profile).',
    },
    update: { method: 'POST', body: z.strictObject({ id: uuidField(), ...customerFields }), summary: 'Change name, kind and site.' },
    inviteAdministrator: {
      method: 'POST',
      body: z.strictObject({
        id: uuidField(),
        emailAddress: emailAddressField(),
        firstName: requiredText(v.pharmacistFirstNameRequired, 100),
        middleName: z.string().trim().max(50).nullish(),
        lastName: requiredText(v.pharmacistLastNameRequired, 100),
      }),
      summary: 'Invite an administrator of the customer: the activation mail of the invite command.',
    },
    setActive: {
      method: 'POST',
      body: z.strictObject({ id: uuidField(), isActive: z.boolean({ error: v.invalidValue }) }),
      summary: 'Deactivate a customer (its accounts can no longer log in, its sessions end; nothing is deleted) or activate it again.',
    },
  },
);
