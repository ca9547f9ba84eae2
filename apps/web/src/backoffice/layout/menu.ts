import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import QuickreplyOutlined from '@mui/icons-material/QuickreplyOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { StaffRole } from '@portal/contract';
import type { MenuEntry, MenuLink } from '@/app/layout/menu-entries';
import type { RouteEntry } from '@/lib/paths';
import { mayOpen } from '../access';
import { backofficePaths as p } from '../paths';

const link = (entry: RouteEntry, icon: MenuLink['icon']): MenuLink => ({ kind: 'link', label: entry.title, to: entry.path, icon });

/** Counts beside menu entries, by path (the inbox's new items). */
export type MenuBadges = Partial<Record<string, MenuLink['badge']>>;

/**
 * The back-office menu for a role: the screens the role may open (access.ts, from the roles the contract gives
 * each screen's call), so the menu offers nothing the server would refuse.
 */
export function backofficeMenu(role: StaffRole, badges: MenuBadges = {}): MenuEntry[] {
  const item = (entry: RouteEntry, icon: MenuLink['icon']): MenuLink[] =>
    mayOpen(role, entry) ? [{ ...link(entry, icon), badge: badges[entry.path] }] : [];
  const content = [
    ...item(p.memos, CampaignOutlined),
    ...item(p.faq, HelpOutline),
    ...item(p.contact, ContactPhoneOutlined),
    ...item(p.serviceProducts, ShoppingBagOutlined),
    ...item(p.savedReplies, QuickreplyOutlined),
  ];
  return [
    ...item(p.inbox, InboxOutlined),
    ...item(p.reporting, BarChartOutlined),
    ...item(p.customers, BusinessOutlined),
    ...(content.length > 0 ? [{ kind: 'group' as const, label: 'Inhoud', icon: ArticleOutlined, items: content }] : []),
    ...item(p.staff, BadgeOutlined),
    ...item(p.audit, HistoryOutlined),
    ...item(p.integrations, SyncAltOutlined),
    // One's own choices, for every role: last, as a frame's settings usually are.
    ...item(p.ownSettings, SettingsOutlined),
  ];
}
