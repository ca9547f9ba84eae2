import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import ContactSupportOutlined from '@mui/icons-material/ContactSupportOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EuroOutlined from '@mui/icons-material/EuroOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { Profile } from '@/lib/deployment-profile';
import { formLinks, type SvgIconComponent } from '@/lib/form-links';
import { paths } from '@/lib/paths';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** a count beside the label (the back-office's new inbox items), with its spoken description */
  badge?: { label: string; description: string };
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  icon: SvgIconComponent;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string, icon: SvgIconComponent): MenuLink => ({ kind: 'link', label, to, icon });

/**
 * The side menu of the product's screens, for this deployment and user: the calendar only where the profile shows
 * it, one imperfection entry per reachable variant, Medewerkers only for administrators.
 */
export function buildMenu(profile: Profile, isAdministrator: boolean): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    link('Dashboard', paths.dashboard.path, DashboardOutlined),
    link('Assortiment Overzicht', paths.products.path, Inventory2Outlined),
    {
      kind: 'group',
      label: 'Formulieren',
      icon: AssignmentOutlined,
      items: formLinks(profile).map((form) => link(form.label, form.to, form.icon)),
    },
    link('Inpakopdrachten', paths.packingOrders.path, AssignmentTurnedInOutlined),
    profile.showCalendar && link('Leveringsafspraken', paths.deliverySchedules.path, EventOutlined),
    link('Facturen', paths.invoices.path, EuroOutlined),
    link('Serviceproducten', paths.orderAdd.path, ShoppingCartOutlined),
    link('Bestellingen', paths.orders.path, ReceiptLongOutlined),
    link('Mijn aanvragen en meldingen', paths.myRequests.path, MarkEmailReadOutlined),
    isAdministrator && link('Medewerkers', paths.pharmacists.path, GroupOutlined),
    isAdministrator && link('Inzage logboek', paths.accessLog.path, PolicyOutlined),
    link('Veelgestelde vragen', paths.faq.path, HelpOutline),
    link('Contact', paths.contact.path, ContactSupportOutlined),
    link('Beveiliging', paths.settings.path, LockOutlined),
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}
