import type { StaffRole } from '@portal/contract';
import type { MenuBadges } from './menu';

/**
 * The menu's counts for the signed-in staff member. The inbox's count of new items is wired here by the inbox
 * feature; without it the menu shows no counts.
 */
export function useMenuBadges(_role: StaffRole): MenuBadges {
  return {};
}
