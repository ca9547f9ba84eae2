import { backofficeInboxCalls as inbox } from '@portal/contract';
import type { BackofficeModule } from '../backoffice/routes.js';
import { everyStaffRole } from '../backoffice/staff-work.js';
import { InboxActions } from './inbox-actions.js';
import { readDetail } from './inbox-detail.js';
import { downloadFile, inboxPage, newItemCount } from './inbox.service.js';

/**
 * The back-office inbox (issue 12): every customer's submissions and service orders, for Beheerder and
 * Klantenservice; Kwaliteit works the imperfection reports only (the policies of portal_staff and the code both
 * narrow it).
 */
export const registerInbox: BackofficeModule = (door, deps) => {
  const actions = new InboxActions({ publicUrl: deps.publicUrl });
  const roles = everyStaffRole;
  door.call(inbox.getTable, roles, ({ body, ...work }) => inboxPage(work, body));
  door.call(inbox.getNewCount, roles, (work) => newItemCount(work));
  door.call(inbox.getItem, roles, ({ query, ...work }) => readDetail(work, query.ItemKind, query.Id));
  door.call(inbox.downloadFile, roles, ({ query, ...work }) => downloadFile(work, query.FileId));
  door.call(inbox.setStatus, roles, ({ body, ...work }) => actions.setStatus(work, body));
  door.call(inbox.assign, roles, ({ body, ...work }) => actions.assign(work, body));
  door.call(inbox.addNote, roles, ({ body, ...work }) => actions.addNote(work, body));
  door.call(inbox.answer, roles, ({ body, ...work }) => actions.answer(work, body));
};
