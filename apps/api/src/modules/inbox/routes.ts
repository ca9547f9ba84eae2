import { backofficeInboxCalls as inbox } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
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
  door.call(inbox.getTable, ({ body, ...work }) => inboxPage(work, body));
  door.call(inbox.getNewCount, (work) => newItemCount(work));
  door.call(inbox.getItem, ({ query, ...work }) => readDetail(work, query.ItemKind, query.Id));
  door.call(inbox.downloadFile, ({ query, ...work }) => downloadFile(work, query.FileId));
  door.call(inbox.setStatus, ({ body, ...work }) => actions.setStatus(work, body));
  door.call(inbox.assign, ({ body, ...work }) => actions.assign(work, body));
  door.call(inbox.addNote, ({ body, ...work }) => actions.addNote(work, body));
  door.call(inbox.answer, ({ body, ...work }) => actions.answer(work, body));
};
