import { myRequestCalls, statusMailCalls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { myRequestTable } from './my-requests.table.js';
import { setStatusMails, statusMails } from './status-mails.js';

/**
 * "Mijn aanvragen en meldingen" (issue 12): what the customer sent with its status and the provider's answers, and
 * the account's wish to be mailed when something it sent gets a new status. What only reads runs read-only for
 * the customer, the rest in the customer's own tenant transaction.
 */
export function registerMyRequestRoutes(portal: PortalDoor) {
  portal.read(myRequestCalls.getMyRequestTable, ({ body, tx, claims }) => queryTable(tx, myRequestTable, claims.customerId, body));
  portal.read(statusMailCalls.getStatusMails, (reading) => statusMails(reading));
  portal.call(statusMailCalls.setStatusMails, ({ body, ...work }) => setStatusMails(work, body.enabled));
}
