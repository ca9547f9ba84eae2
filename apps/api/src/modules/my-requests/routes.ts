import { sql } from 'drizzle-orm';
import { myRequestCalls, myRequestThreadCalls, statusMailCalls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable, readingPatients } from '../../lib/tables.js';
import { myRequestTable } from './my-requests.table.js';
import { setStatusMails, statusMails } from './status-mails.js';
import { receiveReply } from '../inbox/inbox-replies.js';
import { threadFile } from './thread.js';

/** The patients a row of the customer's requests is about (a form that names one). */
export const myRequestPatients = sql`array[i.patient_id]`;

/**
 * "Mijn aanvragen en meldingen" (issue 12): what the customer sent with its status and the provider's answers, and
 * the account's wish to be mailed when something it sent gets a new status. What only reads runs read-only for
 * the customer, the rest in the customer's own tenant transaction.
 */
export function registerMyRequestRoutes(portal: PortalDoor, deps: { publicUrl: string }) {
  portal.read(myRequestCalls.getMyRequestTable, async ({ body, tx, claims, audit }) => {
    const read = readingPatients(myRequestTable, myRequestPatients);
    const page = await queryTable(tx, read.table, claims.customerId, body);
    if (read.patients.size) audit({ action: 'MyRequestsRead', objectType: 'Table', objectId: 'myRequests', patientIds: [...read.patients] });
    return page;
  });
  portal.read(statusMailCalls.getStatusMails, (reading) => statusMails(reading));
  portal.call(statusMailCalls.setStatusMails, ({ body, ...work }) => setStatusMails(work, body.enabled));
  portal.call(myRequestThreadCalls.replyToMyRequest, async ({ body, ...work }) => {
    const item = await receiveReply(work, { ...body, via: 'portal' }, deps);
    return { status: item.status };
  });
  portal.read(myRequestThreadCalls.getMyRequestFile, (reading) => threadFile(reading, reading.query.FileId));
}
