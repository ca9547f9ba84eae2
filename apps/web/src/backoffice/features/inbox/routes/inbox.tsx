import FilterAlt from '@mui/icons-material/FilterAlt';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { inboxKindText, inboxTableDefaults, type InboxRow, type InboxTableColumn, type InboxTableResponse } from '@portal/contract';
import { useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime } from '@/lib/format';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { inboxTableQuery } from '../api/inbox';
import { InboxFilterBar } from '../components/inbox-filter-bar';
import { inboxItemHref, referenceText } from '../components/inbox-labels';
import { OutsideFilters } from '../components/outside-filters';
import { useInboxFilters } from '../components/use-inbox-filters';

const muted = (text: string) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/**
 * Inbox: everything the customers sent (questions, requests, reports, service orders) in one table, newest
 * first, what still needs work unless the filters say otherwise. The filters live in the address, so that going
 * back from an item finds the inbox as it was.
 */
export default function InboxRoute() {
  const role = useStaffSession()?.staff.role ?? 'Kwaliteit';
  const { values, filters, change, clear, active } = useInboxFilters();
  const query = useMemo(() => inboxTableQuery(filters), [filters]);
  const { search } = useLocation();

  const columns = useMemo<DataTableColumn<InboxRow, InboxTableColumn>[]>(
    () => [
      { field: 'receivedAt', header: 'Ontvangen', noWrap: true, render: (row) => formatDateTime(row.receivedAt) },
      {
        field: 'kind',
        header: 'Soort',
        render: (row) => (
          <Link component={RouterLink} to={inboxItemHref(row)} state={{ inboxSearch: search }} aria-label={`${inboxKindText(row.kind)} ${referenceText(row)} openen`}>
            {inboxKindText(row.kind)}
          </Link>
        ),
      },
      {
        field: 'clientName',
        header: 'Klant',
        render: (row) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span">
              {row.clientName} {muted(row.clientCode)}
            </Box>
            {values.client !== row.customerId && (
              <Tooltip title="Alleen deze klant">
                <IconButton
                  size="small"
                  aria-label={`Alleen ${row.clientName} tonen`}
                  onClick={() => change({ client: row.customerId, clientName: row.clientName })}
                >
                  <FilterAlt fontSize="inherit" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
      { field: 'submitterName', header: 'Indiener', render: (row) => row.submitterName ?? muted('Onbekend') },
      { field: 'patientName', header: 'Patiënt', render: (row) => row.patientName ?? muted('—') },
      { field: 'status', header: 'Status', noWrap: true, render: (row) => <InboxStatusChip status={row.status} /> },
      { field: 'assigneeName', header: 'Behandelaar', render: (row) => row.assigneeName ?? muted('Nog niemand') },
      { field: 'id', header: 'Referentie', noWrap: true, align: 'right', render: (row) => referenceText(row) },
    ],
    [values.client, change, search],
  );

  return (
    <>
      <PageHeading title={backofficePaths.inbox.title} />
      <InboxFilterBar role={role} values={values} change={change} clear={clear} active={active} />
      <DataTable
        label={backofficePaths.inbox.title}
        query={query}
        columns={columns}
        defaults={inboxTableDefaults}
        emptyText={(searched) =>
          searched
            ? `Niets gevonden voor ‘${searched}’ met deze filters.`
            : active
              ? 'Geen items gevonden met deze filters.'
              : 'Er wacht niets: geen nieuwe items en niets in behandeling.'
        }
        searchable
        searchHint="Zoek op referentie, klant, indiener, patiënt of tekst, in elke status"
        notice={(page) => <OutsideFilters found={(page as InboxTableResponse).outsideFilters} change={change} />}
        rowKey={(row) => `${row.itemKind}:${row.id}`}
      />
    </>
  );
}
