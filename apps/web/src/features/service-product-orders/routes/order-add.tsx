import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { failureMessage } from '@/lib/form-errors';
import { formatEuro } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAddServiceProductOrder } from '../api/add-service-product-order';
import { useServiceProducts } from '../api/get-service-products';
import { ServiceProductItem } from '../components/service-product-item';
import { orderRowsOf, orderSummary, type Amounts } from '../utils/order-amounts';

const orderFailedText = 'Uw bestelling is mislukt. Controleer de aantallen en probeer het opnieuw.';

/** Nieuwe bestelling: every orderable service product with an amount box, and one button to order them. */
export default function OrderAddRoute() {
  const products = useServiceProducts();
  const order = useAddServiceProductOrder();
  const [amounts, setAmounts] = useState<Amounts>({});

  const list = products.data ?? [];
  const { count, totalPrice, unknownPrice } = orderSummary(list, amounts);
  const busy = products.isPending || order.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const orderRows = orderRowsOf(list, amounts);
    if (orderRows.length === 0 || busy) return;
    order.mutate({ orderRows }, { onSuccess: () => setAmounts({}) });
  };

  return (
    <>
      <PageHeading
        title={paths.orderAdd.title}
        link={{ to: paths.orders.path, label: 'Mijn bestellingen', icon: <ReceiptLongOutlined />, variant: 'outlined' }}
      />
      {products.isPending ? (
        <LoadingState label="Serviceproducten laden…" showLabel />
      ) : products.isError ? (
        <LoadFailed
          message={feedback.orderLoadFailed}
          error={products.error} onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Er zijn op dit moment geen serviceproducten te bestellen.</Typography>
        </Paper>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Serviceproducten bestellen">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Vul bij de producten die u wilt bestellen een aantal in (maximaal 999). Alle prijzen zijn exclusief btw.
          </Typography>
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Box component="ul" aria-label="Serviceproducten" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {list.map((product) => (
                <ServiceProductItem
                  key={product.serviceProductId}
                  product={product}
                  amount={amounts[product.serviceProductId] ?? ''}
                  onAmountChange={(amount) => setAmounts((current) => ({ ...current, [product.serviceProductId]: amount }))}
                  disabled={order.isPending}
                />
              ))}
            </Box>
          </Paper>
          <Paper
            variant="outlined"
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 1,
              mt: 2,
              px: { xs: 2, sm: 3 },
              py: 1.5,
              boxShadow: '0 -2px 8px rgba(27, 42, 47, 0.08)',
            }}
          >
            {order.isSuccess && (
              <Alert severity="success" sx={{ mb: 1.5 }}>
                {feedback.orderSucceeded}{' '}
                <Link component={RouterLink} to={paths.orderDetail.getHref(order.data.serviceProductOrderId)} color="inherit">
                  Bekijk bestelling {order.data.serviceProductOrderId}
                </Link>
              </Alert>
            )}
            {order.isError && (
              <Alert severity="error" sx={{ mb: 1.5 }}>
                {failureMessage(order.error, orderFailedText)}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 2 }}>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="order-total">
                Totaal excl. btw: <strong>{formatEuro(totalPrice)}</strong>
                {unknownPrice && ' (exclusief producten zonder prijs)'}
              </Typography>
              <Button type="submit" variant="contained" disabled={count === 0 || busy} loading={order.isPending}>
                Bestellen ({count})
              </Button>
            </Box>
          </Paper>
        </Box>
      )}
    </>
  );
}
