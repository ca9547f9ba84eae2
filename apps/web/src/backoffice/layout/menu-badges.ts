import type { StaffRole } from '@portal/contract';
import { formatInteger } from '@/lib/format';
import { useNewItemCount } from '../features/inbox/api/inbox';
import { backofficePaths } from '../paths';
import type { MenuBadges } from './menu';

/**
 * The menu's counts for the signed-in staff member: beside Inbox, how many items the role may see are New
 * (asked again every minute, and after every change to an item).
 */
export function useMenuBadges(_role: StaffRole): MenuBadges {
  const count = useNewItemCount().data?.count ?? 0;
  if (count <= 0) return {};
  const label = formatInteger(count);
  return { [backofficePaths.inbox.path]: { label, description: `${label} ${count === 1 ? 'nieuw item' : 'nieuwe items'}` } };
}
