import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import type { StaffRole } from '@portal/contract';
import type { MenuEntry, MenuLink } from '@/app/layout/menu-entries';
import { backofficePaths as p } from '../paths';

const link = (entry: { path: string; title: string }, icon: MenuLink['icon']): MenuLink => ({ kind: 'link', label: entry.title, to: entry.path, icon });

/** Counts beside menu entries, by path (the inbox's new items). */
export type MenuBadges = Partial<Record<string, MenuLink['badge']>>;

/**
 * The back-office menu for a role. It mirrors what the server allows (the server decides): Kwaliteit works
 * the inbox only; Klantenservice also customers and content; a Beheerder everything, staff and audit log too.
 */
export function backofficeMenu(role: StaffRole, badges: MenuBadges = {}): MenuEntry[] {
  const withBadge = (entry: MenuLink): MenuLink => ({ ...entry, badge: badges[entry.to] });
  const entries: MenuEntry[] = [withBadge(link(p.inbox, InboxOutlined))];
  if (role === 'Beheerder' || role === 'Klantenservice') {
    entries.push(link(p.customers, BusinessOutlined), {
      kind: 'group',
      label: 'Inhoud',
      icon: ArticleOutlined,
      items: [
        link(p.memos, CampaignOutlined),
        link(p.faq, HelpOutline),
        link(p.contact, ContactPhoneOutlined),
        link(p.serviceProducts, ShoppingBagOutlined),
      ],
    });
  }
  if (role === 'Beheerder') entries.push(link(p.staff, BadgeOutlined), link(p.audit, HistoryOutlined));
  return entries;
}
