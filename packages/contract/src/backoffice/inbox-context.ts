import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { queryIdField, requiredEnum } from '../fields.js';
import { inboxItemKind } from '../inbox.js';
import { validation as v } from '../messages.js';

/**
 * The customer beside an inbox item (issue 30.7): its other open items, its recent service orders, its contact
 * details and its administrators. No patient data: the other items are named by reference, kind, status and age
 * only, as the role may see them (Kwaliteit: imperfection reports; no orders and no accounts, as its policies say).
 */

/** How many of the other open items the panel lists (the count says how many there are). */
export const contextOpenItemsShown = 10;
/** How many of the customer's service orders the panel lists, newest first. */
export const contextRecentOrders = 5;

const instant = () => z.iso.datetime({ offset: true, local: true });

export const inboxCustomerContext = z.object({
  customer: z.object({
    id: z.string(),
    clientCode: z.string(),
    name: z.string(),
    /** 'Pharmacy' or 'CareInstitution' */
    kind: z.string(),
    /** the invoice address as the provider sent it; null until it did */
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    isActive: z.boolean(),
  }),
  /** the customer's other items still New or In behandeling, oldest first, at most `contextOpenItemsShown` */
  openItems: z.array(
    z.object({
      itemKind: inboxItemKind,
      id: z.int(),
      kind: z.string(),
      status: z.string(),
      receivedAt: instant(),
      /** whole days since its receipt, counted in Europe/Amsterdam */
      ageDays: z.int(),
    }),
  ),
  /** how many other open items there are in all */
  openItemCount: z.int(),
  /** the newest service orders of any status; null for a role that does not see orders */
  recentOrders: z
    .array(z.object({ id: z.int(), status: z.string(), receivedAt: instant(), totalPrice: z.number() }))
    .nullable(),
  /** the customer's accounts of type Administrator; null for a role that does not see accounts */
  administrators: z.array(z.object({ name: z.string(), emailAddress: z.string(), isActive: z.boolean() })).nullable(),
});
export type InboxCustomerContext = z.infer<typeof inboxCustomerContext>;

/** The panel's Dutch words. */
export const inboxContextText = {
  title: 'Klant',
  loading: 'Klantgegevens laden…',
  contact: 'Contactgegevens',
  customerCode: 'Klantcode',
  customerKind: 'Soort',
  address: 'Adres',
  addressUnknown: 'Nog niet bekend',
  inactive: 'Gedeactiveerd: de accounts van deze klant kunnen niet inloggen.',
  openItems: 'Andere open items',
  noOpenItems: 'Geen andere open items.',
  moreOpenItems: (shown: number, total: number) => `${shown} van ${total} getoond; de inbox toont ze allemaal.`,
  allOpenItems: 'Alle open items van deze klant',
  age: (days: number) => (days <= 0 ? 'vandaag' : days === 1 ? '1 dag' : `${days} dagen`),
  recentOrders: 'Recente bestellingen',
  noOrders: 'Nog geen bestellingen.',
  administrators: 'Administrators',
  noAdministrators: 'Geen administrators.',
  administratorInactive: 'niet actief',
  customerPage: 'Klant openen',
} as const;

export const backofficeInboxContextCalls = staffController('InboxContext', staffRoles, {
  get: {
    method: 'GET',
    query: z.object({ ItemKind: requiredEnum(inboxItemKind.options, v.invalidValue), Id: queryIdField(v.invalidValue) }),
    response: inboxCustomerContext,
    summary: "The customer of an item: its other open items (reference and kind only), recent orders, contact details and administrators (audited).",
  },
});
