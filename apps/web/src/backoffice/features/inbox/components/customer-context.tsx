import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  customerKindLabels,
  feedback,
  inboxContextText as t,
  inboxKindText,
  itemReference,
  type InboxCustomerContext,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { formatDate, formatEuro } from '@/lib/format';
import { mayOpen } from '../../../access';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import type { ItemRef } from '../api/inbox';
import { customerContextQueryOptions } from '../api/inbox-context';
import { inboxItemHref } from './inbox-labels';
import { FactList, ItemSection } from './item-section';

/** A part of the panel under its own heading, named by it. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 2.5 } }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Rows of a part: a link and what belongs to it, wrapping on a narrow screen. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/** One item or order: its reference as a link with its status, and under it what it is and how old. */
function Row({ href, reference, status, detail }: { href: string; reference: string; status: string; detail: string }) {
  return (
    <Box component="li">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Link component={RouterLink} to={href} sx={{ fontWeight: 500 }}>
          {reference}
        </Link>
        <InboxStatusChip status={status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </Box>
  );
}

const kindOfCustomer = (kind: string) => (customerKindLabels as Record<string, string>)[kind] ?? kind;

function Contact({ customer }: { customer: InboxCustomerContext['customer'] }) {
  const place = [customer.postalCode, customer.city].filter(Boolean).join(' ');
  const address = [customer.address, place].filter(Boolean).join('\n');
  return (
    <Part title={t.contact}>
      <FactList
        label={t.contact}
        facts={[
          [t.title, customer.name],
          [t.customerCode, customer.clientCode],
          [t.customerKind, kindOfCustomer(customer.kind)],
          [t.address, address || t.addressUnknown],
        ]}
      />
      {!customer.isActive && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t.inactive}
        </Alert>
      )}
    </Part>
  );
}

function Administrators({ administrators }: { administrators: NonNullable<InboxCustomerContext['administrators']> }) {
  return (
    <Part title={t.administrators}>
      {administrators.length === 0 ? (
        <Typography color="text.secondary">{t.noAdministrators}</Typography>
      ) : (
        <Rows label={t.administrators}>
          {administrators.map((a) => (
            <Box component="li" key={a.emailAddress} sx={{ overflowWrap: 'anywhere' }}>
              {a.name}
              {!a.isActive && <Typography component="span" color="text.secondary">{` (${t.administratorInactive})`}</Typography>}
              <br />
              <Link href={`mailto:${a.emailAddress}`}>{a.emailAddress}</Link>
            </Box>
          ))}
        </Rows>
      )}
    </Part>
  );
}

function OpenItems({ context }: { context: InboxCustomerContext }) {
  const { openItems, openItemCount, customer } = context;
  const inboxOfCustomer = `${backofficePaths.inbox.path}?${new URLSearchParams({ client: customer.id, clientName: customer.name })}`;
  return (
    <Part title={`${t.openItems} (${openItemCount})`}>
      {openItems.length === 0 ? (
        <Typography color="text.secondary">{t.noOpenItems}</Typography>
      ) : (
        <Rows label={t.openItems}>
          {openItems.map((item) => (
            <Row
              key={`${item.itemKind}:${item.id}`}
              href={inboxItemHref(item)}
              reference={itemReference(item)}
              status={item.status}
              detail={`${inboxKindText(item.kind)} · ${t.age(item.ageDays)}`}
            />
          ))}
        </Rows>
      )}
      {openItemCount > openItems.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.moreOpenItems(openItems.length, openItemCount)}{' '}
          <Link component={RouterLink} to={inboxOfCustomer}>
            {t.allOpenItems}
          </Link>
        </Typography>
      )}
    </Part>
  );
}

function RecentOrders({ orders }: { orders: NonNullable<InboxCustomerContext['recentOrders']> }) {
  return (
    <Part title={t.recentOrders}>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{t.noOrders}</Typography>
      ) : (
        <Rows label={t.recentOrders}>
          {orders.map((order) => {
            const ref = { itemKind: 'ServiceOrder', kind: 'ServiceOrder', id: order.id, receivedAt: order.receivedAt } as const;
            return (
              <Row
                key={order.id}
                href={inboxItemHref(ref)}
                reference={itemReference(ref)}
                status={order.status}
                detail={`${formatDate(order.receivedAt)} · ${formatEuro(order.totalPrice)}`}
              />
            );
          })}
        </Rows>
      )}
    </Part>
  );
}

/**
 * The customer beside an item (issue 30.7): contact details, administrators, its other open items and its newest
 * orders, each a link to its own page. Other items show reference, kind, status and age only: what they are about
 * is read on their own page. A part the role may not see (Kwaliteit: orders, accounts) is left out.
 */
export default function CustomerContext({ item }: { item: ItemRef }) {
  const context = useQuery(customerContextQueryOptions(item));
  const role = useStaffSession()?.staff.role;
  const customer = context.data?.customer;
  const customerLink =
    customer && role && mayOpen(role, backofficePaths.customerDetail) ? (
      <Button component={RouterLink} to={backofficePaths.customerDetail.path.replace(':id', customer.id)} size="small">
        {t.customerPage}
      </Button>
    ) : undefined;

  return (
    <ItemSection title={t.title} action={customerLink} busy={context.isFetching}>
      {context.isPending ? (
        <LoadingState label={t.loading} />
      ) : context.isError ? (
        <LoadFailed message={feedback.serverError} error={context.error} onRetry={() => void context.refetch()} retrying={context.isFetching} />
      ) : (
        <>
          <Contact customer={context.data.customer} />
          {context.data.administrators && <Administrators administrators={context.data.administrators} />}
          <OpenItems context={context.data} />
          {context.data.recentOrders && <RecentOrders orders={context.data.recentOrders} />}
        </>
      )}
    </ItemSection>
  );
}
