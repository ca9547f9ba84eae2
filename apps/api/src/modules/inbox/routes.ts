import { backofficeInboxBulkCalls as bulk, backofficeInboxCalls as inbox, backofficeInboxContextCalls as context, backofficeInboxQueueCalls as queue, backofficeInboxViewCalls as views, backofficeServiceTimeCalls as serviceTimes } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { InboxActions, staffInboxWork } from './inbox-actions.js';
import { readDetail } from './inbox-detail.js';
import { readCustomerContext } from './inbox-context.js';
import { registerOwnSettings } from './own-settings.js';
import { registerAnswerAttachments } from './answer-attachments.js';
import { downloadFile, inboxPage, newItemCount } from './inbox.service.js';
import { bulkAssign, bulkSetStatus, countSince, neighbours } from './inbox-queue.js';
import { listViews, removeView, saveView } from './inbox-views.js';
import { readServiceTimes, saveServiceTimes } from './service-times.js';

/**
 * The back-office inbox (issue 12): every customer's submissions and service orders, for Beheerder and
 * Klantenservice; Kwaliteit works the imperfection reports only (the policies of portal_staff and the code both
 * narrow it).
 */
export const registerInbox: BackofficeModule = (door, deps) => {
  const actions = new InboxActions(deps);
  door.call(inbox.getTable, ({ body, ...work }) => inboxPage(work, body));
  door.call(inbox.getNewCount, (work) => newItemCount(work));
  door.call(inbox.getItem, ({ query, ...work }) => readDetail(work, query.ItemKind, query.Id));
  // The customer beside an item (issue 30.7).
  door.call(context.get, ({ query, ...work }) => readCustomerContext(work, query.ItemKind, query.Id));
  door.call(inbox.downloadFile, ({ query, ...work }) => downloadFile(work, query.FileId));
  door.call(inbox.setStatus, async ({ body, ...work }) => {
    await actions.setStatus(staffInboxWork(work), body);
  });
  door.call(inbox.assign, ({ body, ...work }) => actions.assign(staffInboxWork(work), body));
  registerAnswerAttachments(door);
  door.call(inbox.addNote, ({ body, ...work }) => actions.addNote(staffInboxWork(work), body));
  registerOwnSettings(door);
  door.call(inbox.answer, async ({ body, ...work }) => {
    await actions.answer(staffInboxWork(work), body);
  });
  // The queue tools (issue 30.5).
  door.call(bulk.assign, ({ body, ...work }) => bulkAssign(actions, work, body));
  door.call(bulk.setStatus, ({ body, ...work }) => bulkSetStatus(actions, work, body));
  door.call(queue.getNeighbours, ({ body, ...work }) => neighbours(work, body));
  door.call(queue.countSince, ({ body, ...work }) => countSince(work, body));
  door.call(views.list, (work) => listViews(work));
  door.call(views.save, ({ body, ...work }) => saveView(work, body));
  door.call(views.remove, async ({ body, ...work }) => {
    await removeView(work, body.id);
  });
  door.call(serviceTimes.get, (work) => readServiceTimes(work));
  door.call(serviceTimes.save, ({ body, ...work }) => saveServiceTimes(work, body));
};
