import {
  backofficeAuditCalls as audit,
  backofficeContentCalls as content,
  backofficeCustomerCalls as customers,
  backofficeImportRunCalls as importRuns,
  backofficeInboxCalls as inbox,
  backofficeOwnCalls as own,
  backofficeReportingCalls as reporting,
  backofficeSavedReplyCalls as savedReplies,
  backofficeStaffCalls as staff,
  backofficeWebhookCalls as webhooks,
  staffRoles,
  type StaffRole,
} from '@portal/contract';
import type { RouteEntry } from '@/lib/paths';
import { backofficePaths as p } from './paths';

/**
 * The call each screen opens with (issue 26.7). The roles the contract gives that call, the ones the server lets
 * make it, are the roles that may open the screen: the menu, the route and the "Geen toegang" screen all ask here.
 */
const opensWith: Record<string, { roles: readonly StaffRole[] }> = {
  [p.inbox.path]: inbox.getTable,
  [p.inboxItem.path]: inbox.getItem,
  [p.reporting.path]: reporting.get,
  [p.customers.path]: customers.getTable,
  [p.customerAdd.path]: customers.create,
  [p.customerDetail.path]: customers.get,
  [p.memos.path]: content.getMemos,
  [p.faq.path]: content.getFaqItems,
  [p.contact.path]: content.getContactText,
  [p.serviceProducts.path]: content.getServiceProducts,
  // Every role that answers reads them; the screen that keeps them is the Beheerder's.
  [p.savedReplies.path]: savedReplies.save,
  [p.staff.path]: staff.list,
  [p.audit.path]: audit.getTable,
  [p.ownSettings.path]: own.getSettings,
  // Koppelingen opens with its first tab.
  [p.integrations.path]: importRuns.getTable,
  [p.importRuns.path]: importRuns.getTable,
  [p.importRun.path]: importRuns.get,
  [p.webhooks.path]: webhooks.listEndpoints,
};

/** The roles that may open a back-office screen; a screen without a call of its own is for every role. */
export const rolesFor = (entry: RouteEntry): readonly StaffRole[] => opensWith[entry.path]?.roles ?? staffRoles;

export const mayOpen = (role: StaffRole, entry: RouteEntry): boolean => rolesFor(entry).includes(role);
