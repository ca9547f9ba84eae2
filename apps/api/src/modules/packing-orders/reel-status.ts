import { fold } from '../../lib/tables.js';

/**
 * The Dutch label of each reel status of a packing order, in the order an order passes through them. The
 * one place these labels are written: the table shows them, searches them and sorts in this order.
 */
export const reelStatusLabels = {
  Received: 'Ontvangen',
  InProduction: 'In productie',
  Packed: 'Ingepakt',
  Shipped: 'Verzonden',
  Delivered: 'Afgeleverd',
  Cancelled: 'Geannuleerd',
} as const;
export type ReelStatus = keyof typeof reelStatusLabels;

export const reelStatuses = Object.keys(reelStatusLabels) as ReelStatus[];

export function reelStatusText(status: string): string {
  // A status added to the data before it got a label is shown as stored rather than failing the page.
  return (reelStatusLabels as Record<string, string>)[status] ?? status;
}

/** The statuses whose label contains a folded search term. */
export function reelStatusesMatching(foldedTerm: string): ReelStatus[] {
  return reelStatuses.filter((status) => fold(reelStatusLabels[status]).includes(foldedTerm));
}
