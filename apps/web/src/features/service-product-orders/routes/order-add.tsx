import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addServiceProductOrderRequest, feedback, type ServiceProduct } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { Form } from '@/components/form/form';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitHandler } from '@/lib/forms/submit';
import { submitWith } from '@/lib/forms/submit-with';
import { formatEuro } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAddServiceProductOrder } from '../api/add-service-product-order';
import { useServiceProductOrder } from '../api/get-service-product-order-by-id';
import { useServiceProducts } from '../api/get-service-products';
import { OrderReview } from '../components/order-review';
import { ReorderNotice } from '../components/reorder-notice';
import { ServiceProductItem } from '../components/service-product-item';
import { orderIdOf } from '../utils/order-id';
import { reorderDraft } from '../utils/reorder';
import { draftLinesOf, invalidAmountsOf, orderRowsOf, orderSummary, type Amounts } from '../utils/order-amounts';

const orderFailedText = 'Uw bestelling is mislukt. Controleer de aantallen en probeer het opnieuw.';
/** The earlier order could not be read: the form is there, empty. */
const reorderFailedText = (orderId: number) =>
  `Bestelling ${orderId} kon niet worden geladen, dus er is niets ingevuld. Vul de aantallen zelf in.`;
const amountsInvalidText = 'Niet elk aantal klopt. Vul een heel aantal van 1 tot 999 in, of laat het vak leeg.';

type OrderValues = { amounts: Amounts };
const emptyOrder: OrderValues = { amounts: {} };
/** The products on offer are the screen's, not a field: they come in through the form's context. */
const resolver = payloadResolver(addServiceProductOrderRequest, ({ amounts }: OrderValues, products: readonly ServiceProduct[]) => ({
  orderRows: orderRowsOf(products, amounts),
}));

/**
 * Nieuwe bestelling: every orderable service product with an amount box; then "Controleer uw bestelling" with
 * the products, amounts, prices, total and who orders, and only there the button that orders.
 */
export default function OrderAddRoute() {
  const products = useServiceProducts();
  const order = useAddServiceProductOrder();
  const list = products.data ?? [];
  const form = useForm({ defaultValues: emptyOrder, resolver, context: list });
  // The amounts are one value: the product ids are numbers, which react-hook-form would take for array indices.
  const { field: amountsField } = useController({ control: form.control, name: 'amounts' });
  const amounts = amountsField.value;
  const [reviewing, setReviewing] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);

  // "Opnieuw bestellen" on an order: the form starts with that order's products and amounts (issue 14).
  const [params, setParams] = useSearchParams();
  const reorderId = orderIdOf(params.get(paths.orderAdd.reorderParameter));
  const source = useServiceProductOrder(reorderId);
  const draft = useMemo(
    () => (products.data && source.data ? reorderDraft(products.data, source.data.orderRows) : null),
    [products.data, source.data],
  );
  const filledFrom = useRef<number | null>(null);
  useEffect(() => {
    if (!draft || reorderId === null || filledFrom.current === reorderId) return;
    filledFrom.current = reorderId;
    form.reset({ amounts: draft.amounts });
  }, [draft, reorderId, form]);

  const { count, totalPrice, unknownPrice } = orderSummary(list, amounts);
  const invalid = invalidAmountsOf(list, amounts);
  const busy = products.isPending || order.isPending;
  // The product's screens: the button counts the products and is off at zero or while loading; and while a box holds no
  // amount (only an earlier order can fill one in: a product on two of its lines, over 999 together).
  const canReview = count > 0 && invalid.length === 0 && !busy;

  useEffect(() => {
    if (order.isSuccess) outcome.current?.focus();
  }, [order.isSuccess]);

  const review = () => {
    if (!canReview) return;
    order.reset();
    setReviewing(true);
  };

  const send = submitWith(form, order, [], {
    resetTo: emptyOrder,
    onSuccess: () => {
      // The form is no longer the earlier order's: the URL stops naming it (filledFrom stays, so nothing refills).
      if (reorderId !== null) setParams({}, { replace: true });
      setReviewing(false);
    },
  });
  // The review's button sends the order as the form's resolver makes it from the amounts.
  const place = submitHandler(form.handleSubmit, (payload) => {
    if (!order.isPending) send(payload);
  });

  if (reviewing && list.length > 0) {
    return (
      <>
        <PageHeading title={paths.orderAdd.title} />
        <OrderReview
          rows={draftLinesOf(list, amounts)}
          total={totalPrice}
          placing={order.isPending}
          failure={order.isError ? failureMessage(order.error, orderFailedText) : null}
          onBack={() => setReviewing(false)}
          onPlace={place}
        />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={paths.orderAdd.title}
        link={{ to: paths.orders.path, label: 'Mijn bestellingen', icon: <ReceiptLongOutlined />, variant: 'outlined' }}
      />
      {reorderId !== null && draft && <ReorderNotice orderId={reorderId} draft={draft} />}
      {reorderId !== null && source.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {reorderFailedText(reorderId)}
        </Alert>
      )}
      {products.isPending || (reorderId !== null && source.isPending) ? (
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
        <Form form={form} onSubmit={review} aria-label="Serviceproducten bestellen">
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
                  onAmountChange={(amount) => {
                    amountsField.onChange({ ...amounts, [product.serviceProductId]: amount });
                    if (order.isSuccess) order.reset();
                  }}
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
              <Alert severity="success" sx={{ mb: 1.5 }} ref={outcome} tabIndex={-1}>
                {feedback.orderSucceeded}{' '}
                <Link component={RouterLink} to={paths.orderDetail.getHref(order.data.serviceProductOrderId)} color="inherit">
                  Bekijk bestelling {order.data.serviceProductOrderId}
                </Link>
              </Alert>
            )}
            {invalid.length > 0 && (
              <Alert severity="error" sx={{ mb: 1.5 }}>
                {amountsInvalidText}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 2 }}>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="order-total">
                Totaal excl. btw: <strong>{formatEuro(totalPrice)}</strong>
                {unknownPrice && ' excl. producten met prijs op aanvraag'}
              </Typography>
              <Button type="submit" variant="contained" disabled={!canReview}>
                Bestelling controleren ({count})
              </Button>
            </Box>
          </Paper>
        </Form>
      )}
    </>
  );
}
