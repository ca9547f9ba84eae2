import { backofficeInboxBulkCalls as bulk } from '@portal/contract';
import { useStaffMutation } from '../../../lib/staff-api';

/** The bulk acts (issue 30.5); like a single act, they make the whole inbox stale. */
const changesInbox = () => [['inbox'] as const];

export const useBulkAssign = () => useStaffMutation(bulk.assign, changesInbox);
export const useBulkSetStatus = () => useStaffMutation(bulk.setStatus, changesInbox);
