import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { exportCalls, feedback, tableDefaults } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ExportButton } from '@/components/data-table/export-button';
import { TablePager } from '@/components/data-table/table-pager';
import { LoadFailed } from '@/components/load-failed';
import { PageHeading } from '@/components/page-heading';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useServiceProductOrderTable } from '../api/get-service-product-order-table';
import { OrderCards, OrderTable } from '../components/order-list';

const { rowsPerPage: fetchedPerPage, shownPerPage } = tableDefaults.serviceProductOrders;

/**
 * Bestellingen: the server is asked for 30 orders at a time (newest first) and the screen shows them 5 per
 * page. Paging past the 30 fetched asks the server for the next 30, so that every older order stays
 * reachable with the same pager.
 */
export default function OrdersRoute() {
  /** The shown page, from 0, over all of the customer's orders. */
  const [shownPage, setShownPage] = useState(0);
  const firstRow = shownPage * shownPerPage;
  const serverPage = Math.floor(firstRow / fetchedPerPage) + 1;
  const result = useServiceProductOrderTable({ page: serverPage });
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const { data } = result;
  // While another server page loads, the previous one stays in view and its rows stay as they were.
  const shownServerPage = result.isPlaceholderData ? null : serverPage;
  const offset = shownServerPage === null ? 0 : firstRow - (shownServerPage - 1) * fetchedPerPage;
  const rows = result.isPlaceholderData ? [] : (data?.items.slice(offset, offset + shownPerPage) ?? []);
  const total = data?.total ?? 0;
  const firstLoad = result.isPending || (result.isPlaceholderData && rows.length === 0);
  const lastShownPage = Math.max(0, Math.ceil(total / shownPerPage) - 1);

  // Orders can disappear while the user pages: past the end, go to the last page.
  const pastTheEnd = data !== undefined && !result.isPlaceholderData && total > 0 && shownPage > lastShownPage;
  useEffect(() => {
    if (pastTheEnd) setShownPage(lastShownPage);
  }, [pastTheEnd, lastShownPage]);

  const listProps = { rows, firstLoad, busy: result.isFetching, skeletonRows: shownPerPage };

  return (
    <>
      <PageHeading
        title={paths.orders.title}
        link={{ to: paths.orderAdd.path, label: 'Nieuwe bestelling', icon: <AddShoppingCart />, variant: 'contained' }}
      />
      <Box role="status" sx={visuallyHidden}>
        {result.isFetching
          ? 'Gegevens laden…'
          : result.isError
            ? ''
            : total === 0
              ? 'Geen bestellingen'
              : `${formatInteger(total)} ${total === 1 ? 'bestelling' : 'bestellingen'}`}
      </Box>
      {result.isError ? (
        <LoadFailed message={feedback.orderLoadFailed} error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      ) : data && !result.isPlaceholderData && total === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            U heeft nog geen serviceproducten besteld.
          </Typography>
          <Button component={RouterLink} to={paths.orderAdd.path} variant="outlined">
            Serviceproducten bekijken
          </Button>
        </Paper>
      ) : (
        <>
          {total > 0 && (
            <Box sx={{ display: 'flex', mb: 2 }}>
              <ExportButton call={exportCalls.serviceProductOrders} selection={{}} tableLabel={paths.orders.title} />
            </Box>
          )}
          <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
            {result.isFetching && !result.isPending && (
              <LinearProgress aria-label="Gegevens laden" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
            )}
            {stacked ? <OrderCards {...listProps} /> : <OrderTable {...listProps} />}
            {data && total > 0 && (
              <TablePager count={total} page={Math.min(shownPage, lastShownPage)} rowsPerPage={shownPerPage} onPageChange={setShownPage} />
            )}
          </Paper>
        </>
      )}
    </>
  );
}
