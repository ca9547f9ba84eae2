import ArrowBack from '@mui/icons-material/ArrowBack';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useServiceProductOrder } from '../api/get-service-product-order-by-id';
import { OrderLines } from '../components/order-lines';
import { orderIdOf } from '../utils/order-id';

function BackLink() {
  return (
    <Button component={RouterLink} to={paths.orders.path} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      Terug naar bestellingen
    </Button>
  );
}

/** Bestelling: who ordered what, when, its status, and the lines with their prices excluding VAT. */
export default function OrderDetailRoute() {
  const orderId = orderIdOf(useParams().id);
  const result = useServiceProductOrder(orderId);
  const notFound = orderId === null || (result.error instanceof ApiError && result.error.status === 404);

  if (notFound) {
    return (
      <>
        <BackLink />
        <PageHeading title="Bestelling niet gevonden" />
        <Typography>
          Deze bestelling bestaat niet of hoort niet bij uw organisatie. Kies een bestelling uit het overzicht.
        </Typography>
      </>
    );
  }

  if (result.isPending) {
    return (
      <>
        <BackLink />
        <PageHeading title={`${paths.orderDetail.title} ${orderId}`} />
        <LoadingState label="Bestelling laden…" showLabel />
      </>
    );
  }

  if (result.isError) {
    return (
      <>
        <BackLink />
        <PageHeading title={`${paths.orderDetail.title} ${orderId}`} />
        <LoadFailed message={feedback.orderLoadFailed} error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      </>
    );
  }

  const order = result.data;
  const facts: [string, ReactNode][] = [
    ['Bestelnummer', String(order.serviceProductOrderId)],
    ['Datum', formatDateTime(order.createDate)],
    ['Status', <InboxStatusChip key="status" status={order.status} />],
    ['Aangevraagd door', order.requesterName],
    ['E-mailadres', order.requesterEmail],
  ];

  return (
    <>
      <BackLink />
      <PageHeading
        title={`${paths.orderDetail.title} ${order.serviceProductOrderId}`}
        link={{ to: paths.orderAdd.reorderHref(order.serviceProductOrderId), label: 'Opnieuw bestellen', icon: <ReplayOutlined />, variant: 'contained' }}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'max-content minmax(0, 1fr)' },
            columnGap: 4,
            rowGap: 1,
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Bestelde producten
      </Typography>
      <OrderLines rows={order.orderRows} total={order.orderTotalPrice} />
    </>
  );
}
