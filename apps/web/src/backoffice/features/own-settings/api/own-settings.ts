import { backofficeOwnCalls as own } from '@portal/contract';
import { staffQueryOptions, useStaffMutation } from '../../../lib/staff-api';

const ownSettingsKey = ['own-settings'] as const;

/** The staff member's own choices (issue 30.6): the daily overview of the inbox by mail. */
export const ownSettingsQueryOptions = () => staffQueryOptions(ownSettingsKey, own.getSettings);
export const useSetOwnSettings = () => useStaffMutation(own.setSettings, () => [ownSettingsKey]);
