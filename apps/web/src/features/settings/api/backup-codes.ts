import { backupCodeCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation } from '@/lib/call-query';

export const getBackupCodeStatusQueryOptions = () => callQueryOptions(['account', 'backup-codes'], backupCodeCalls.getBackupCodeStatus);

export function useBackupCodeStatus(enabled = true) {
  return useQuery({ ...getBackupCodeStatusQueryOptions(), enabled });
}

/** A new set of ten backup codes (the old set stops working); the count is fetched again before it answers. */
export function useCreateBackupCodes() {
  return useCallMutation(backupCodeCalls.createBackupCodes, () => [getBackupCodeStatusQueryOptions().queryKey]);
}
