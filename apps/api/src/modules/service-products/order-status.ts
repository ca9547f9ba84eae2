import { inboxStatus, serviceProductOrderStatusLabels, type InboxStatus } from '@portal/contract';
import { fold } from '../../lib/tables.js';

/** The statuses an order passes through, in that order: how the table sorts them. */
export const orderStatuses: InboxStatus[] = [...inboxStatus.options];

/** The statuses whose code or Dutch label contains a folded search term. */
export function orderStatusesMatching(foldedTerm: string): InboxStatus[] {
  return orderStatuses.filter(
    (status) => fold(status).includes(foldedTerm) || fold(serviceProductOrderStatusLabels[status]).includes(foldedTerm),
  );
}
