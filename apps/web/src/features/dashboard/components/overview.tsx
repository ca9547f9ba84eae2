import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { amsterdamDate, dashboardLimits, type DashboardSummary, type InboxKind, type InvoiceRow, type NextDelivery } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PaymentStatusChip } from '@/components/payment-status-chip';
import type { Profile } from '@/lib/deployment-profile';
import { formatDate, formatEuro, formatInteger, formatMonth } from '@/lib/format';
import { formLinks, type FormLink } from '@/lib/form-links';
import { paths } from '@/lib/paths';
import { OverviewCard, OverviewEmpty } from './overview-card';

const dayFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });

/** 'vandaag', 'morgen' or 'maandag 30 november', of a `YYYY-MM-DD` seen from `today` (Amsterdam). */
export function deliveryDay(date: string, today: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moment = Date.UTC(year, month - 1, day);
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const daysAhead = Math.round((moment - Date.UTC(ty, tm - 1, td)) / 86_400_000);
  if (daysAhead === 0) return 'vandaag';
  if (daysAhead === 1) return 'morgen';
  return dayFormat.format(moment);
}

function NextDeliveries({ deliveries }: { deliveries: DashboardSummary['nextDeliveries'] }) {
  const today = amsterdamDate(new Date());
  const others = deliveries.total - deliveries.items.length;
  return (
    <OverviewCard title="Volgende leveringen" more={{ to: paths.deliverySchedules.path, label: 'Alle leveringsafspraken' }}>
      {deliveries.items.length === 0 ? (
        <OverviewEmpty>Er zijn geen leveringsafspraken.</OverviewEmpty>
      ) : (
        <>
          <List dense disablePadding>
            {deliveries.items.map((delivery: NextDelivery) => (
              <ListItem key={delivery.facility} disableGutters divider>
                <ListItemText
                  primary={delivery.facility}
                  secondary={`${deliveryDay(delivery.date, today)} om ${delivery.time}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { '&::first-letter': { textTransform: 'uppercase' } } } }}
                />
              </ListItem>
            ))}
          </List>
          {others > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              en {formatInteger(others)} {others === 1 ? 'andere afdeling' : 'andere afdelingen'}
            </Typography>
          )}
        </>
      )}
    </OverviewCard>
  );
}

function InProduction({ orders }: { orders: DashboardSummary['inProduction'] }) {
  return (
    <OverviewCard title="In productie" more={{ to: paths.packingOrders.path, label: 'Alle inpakopdrachten' }}>
      {orders.total === 0 ? (
        <OverviewEmpty>Er zijn geen inpakopdrachten in productie.</OverviewEmpty>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {orders.total === 1 ? '1 inpakopdracht is in productie.' : `${formatInteger(orders.total)} inpakopdrachten zijn in productie.`}
          </Typography>
          <List dense disablePadding>
            {orders.items.map((order, index) => (
              <ListItem key={`${order.facility}|${order.orderDate}|${index}`} disableGutters divider>
                <ListItemText
                  primary={order.facility}
                  secondary={`Besteld ${formatDate(order.orderDate)} · ${formatInteger(order.patientCount)} patiënten · ${formatInteger(order.bagCount)} zakjes`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </OverviewCard>
  );
}

function LatestInvoice({ invoice, actions }: { invoice: InvoiceRow | null; actions: (row: InvoiceRow) => ReactNode }) {
  return (
    <OverviewCard title="Laatste factuur" more={{ to: paths.invoices.path, label: 'Alle facturen' }}>
      {invoice === null ? (
        <OverviewEmpty>Er zijn nog geen facturen.</OverviewEmpty>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <div>
            <Typography sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>{formatMonth(invoice.processedMonth)}</Typography>
            <Typography variant="body2" color="text.secondary">
              Factuurnummer {invoice.invoiceNumber}
            </Typography>
          </div>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h4" component="p" sx={{ fontSize: '1.5rem' }}>
              {formatEuro(invoice.invoiceAmount)}
            </Typography>
            {invoice.paymentStatus !== null && <PaymentStatusChip status={invoice.paymentStatus} />}
          </Stack>
          {actions(invoice)}
        </Stack>
      )}
    </OverviewCard>
  );
}

/**
 * The forms to offer first: those the account (then its colleagues) sent most, then the ones most customers
 * use (rolls, the imperfection report, a new product, a photo), as far as this deployment has them.
 */
export function shortcutForms(profile: Profile, frequent: readonly string[]): FormLink[] {
  const links = formLinks(profile);
  const byKind = new Map<string, FormLink>(links.map((form) => [form.kind, form]));
  const reports = links.filter((form) => form.kind.startsWith('Imperfection'));
  const usual: (FormLink | undefined)[] = [
    byKind.get('ImmediateProduct' satisfies InboxKind),
    reports[0],
    byKind.get('NewProduct' satisfies InboxKind),
    byKind.get('Photo' satisfies InboxKind),
    byKind.get('OfflineAssortment' satisfies InboxKind),
    ...reports.slice(1),
  ];
  const chosen = [...frequent.map((kind) => byKind.get(kind)), ...usual].filter((form): form is FormLink => form !== undefined);
  return [...new Set(chosen)].slice(0, dashboardLimits.forms);
}

function FormShortcuts({ profile, frequent }: { profile: Profile; frequent: readonly string[] }) {
  return (
    <OverviewCard title={frequent.length ? 'Uw formulieren' : 'Formulieren'}>
      <List dense disablePadding>
        {shortcutForms(profile, frequent).map((form) => (
          <ListItem key={form.kind} disablePadding>
            <ListItemButton component={RouterLink} to={form.to} sx={{ borderRadius: 1 }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <form.icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={form.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </OverviewCard>
  );
}

interface OverviewProps {
  summary: DashboardSummary;
  profile: Profile;
  /** what the latest invoice card offers to do with the invoice (its downloads, composed by the page) */
  invoiceActions: (row: InvoiceRow) => ReactNode;
}

/** Below the memos: the next delivery per department, the orders in production, the latest invoice, the forms. */
export function Overview({ summary, profile, invoiceActions }: OverviewProps) {
  return (
    <Stack
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {profile.showCalendar && <NextDeliveries deliveries={summary.nextDeliveries} />}
      <InProduction orders={summary.inProduction} />
      <LatestInvoice invoice={summary.latestInvoice} actions={invoiceActions} />
      <FormShortcuts profile={profile} frequent={summary.frequentForms} />
    </Stack>
  );
}
