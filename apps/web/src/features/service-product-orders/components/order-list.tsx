import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ServiceProductOrderListRow } from '@portal/contract';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

interface OrderListProps {
  rows: readonly ServiceProductOrderListRow[];
  /** Nothing to show yet: placeholders instead of rows. */
  firstLoad: boolean;
  busy: boolean;
  skeletonRows: number;
}

const headers = ['Bestelnummer', 'Datum', 'Aangevraagd door', 'Status'] as const;

/**
 * The orders as a table (from `sm` up). A click anywhere on a row opens the order; the order number is a
 * real link, so that the keyboard and screen readers reach the same page.
 */
export function OrderTable({ rows, firstLoad, busy, skeletonRows }: OrderListProps) {
  const navigate = useNavigate();
  return (
    <TableContainer>
      <Table size="small" aria-label="Bestellingen" aria-busy={busy}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header} sx={{ whiteSpace: 'nowrap', fontWeight: 500, bgcolor: 'grey.50' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {firstLoad
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <TableRow key={index} aria-hidden>
                  {headers.map((header) => (
                    <TableCell key={header}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => {
                const href = paths.orderDetail.getHref(row.serviceProductOrderId);
                return (
                  <TableRow
                    key={row.serviceProductOrderId}
                    hover
                    onClick={(event) => {
                      // The link handles its own click (and a middle or ctrl-click opens a tab).
                      if ((event.target as HTMLElement).closest('a')) return;
                      void navigate(href);
                    }}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link component={RouterLink} to={href} aria-label={`Bestelling ${row.serviceProductOrderId} openen`}>
                        {row.serviceProductOrderId}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createDate)}</TableCell>
                    <TableCell>{row.requesterName}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <InboxStatusChip status={row.status} />
                    </TableCell>
                  </TableRow>
                );
              })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The orders as a list of links: below `sm`, where four columns do not fit. */
export function OrderCards({ rows, firstLoad, busy, skeletonRows }: OrderListProps) {
  if (firstLoad) {
    return (
      <List aria-label="Bestellingen" aria-busy={busy} disablePadding>
        {Array.from({ length: Math.min(skeletonRows, 3) }, (_, index) => (
          <ListItem key={index} aria-hidden divider sx={{ display: 'block' }}>
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <List aria-label="Bestellingen" aria-busy={busy} disablePadding>
      {rows.map((row, index) => (
        <ListItem key={row.serviceProductOrderId} disablePadding divider={index < rows.length - 1}>
          <ListItemButton
            component={RouterLink}
            to={paths.orderDetail.getHref(row.serviceProductOrderId)}
            sx={{ borderRadius: 0, py: 1.5, gap: 1 }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography sx={{ fontWeight: 500 }}>Bestelling {row.serviceProductOrderId}</Typography>
                <InboxStatusChip status={row.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(row.createDate)} · {row.requesterName}
              </Typography>
            </Box>
            <ChevronRight aria-hidden sx={{ color: 'text.secondary' }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
