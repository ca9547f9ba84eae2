import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accessLogActionText, accessLogActor, accessLogCalls, accessLogTableDefaults, accessLogTexts, type AccessLogRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { ExportButton } from '@/components/data-table/export-button';
import type { DataTableColumn } from '@/components/data-table/types';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { callMissing } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { getAccessLogAccessQueryOptions, getAccessLogTableQueryOptions } from '../api/get-access-log';
import { AccessLogFilterForm, useAccessLogFilters } from '../components/access-log-filters';

const columns: DataTableColumn<AccessLogRow, 'at'>[] = [
  { field: 'at', header: 'Tijdstip', noWrap: true, render: (row) => formatDateTime(row.at, { seconds: true }) },
  {
    id: 'staff',
    header: 'Medewerker',
    render: (row) => {
      const { who, detail } = accessLogActor(row);
      return (
        <>
          {who}
          {detail && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {detail}
            </Typography>
          )}
        </>
      );
    },
  },
  { id: 'action', header: 'Actie', render: (row) => `${accessLogActionText(row.action)}${row.outcome === 'Success' ? '' : ' (mislukt)'}` },
  { id: 'patients', header: 'Patiënten', render: (row) => row.patients.join(', ') || '–' },
  { id: 'description', header: 'Omschrijving', render: (row) => row.description ?? '–' },
  { id: 'address', header: 'Adres', noWrap: true, render: (row) => row.address ?? '–' },
];

/**
 * Inzage logboek (NEN 7513): who of the organisation's own staff, and of the provider's staff and systems, looked
 * up, sent or wrote data of which of its patients, when (to the second) and from where. For administrators, in a session that logged in with two-factor login; reading it is logged.
 */
export default function AccessLogRoute() {
  const access = useQuery(getAccessLogAccessQueryOptions());
  const { values, filters, apply } = useAccessLogFilters();
  const query = useMemo(() => getAccessLogTableQueryOptions(filters), [filters]);

  let body;
  if (access.isPending) body = <LoadingState label="Logboek laden" />;
  else if (access.isError) {
    body = callMissing(access.error) ? (
      <Alert severity="info">Het inzagelogboek is in deze omgeving niet beschikbaar.</Alert>
    ) : (
      <LoadFailed message="Het logboek kon niet worden geladen." error={access.error} onRetry={() => void access.refetch()} retrying={access.isFetching} />
    );
  } else if (!access.data.allowed) {
    body = (
      <Alert
        severity="warning"
        action={
          access.data.reason === 'TwoFactorOff' ? (
            <Button component={RouterLink} to={paths.settings.path} color="inherit" size="small">
              Naar Beveiliging
            </Button>
          ) : undefined
        }
      >
        {access.data.reason === 'TwoFactorOff'
          ? 'Het inzagelogboek toont patiëntgegevens en is daarom alleen te bekijken met tweestapsverificatie. Zet tweestapsverificatie eerst aan onder Beveiliging en log daarna opnieuw in.'
          : 'Het inzagelogboek is alleen te bekijken na inloggen met tweestapsverificatie. Log uit en log opnieuw in met uw verificatiecode.'}
      </Alert>
    );
  } else {
    body = (
      <>
        <AccessLogFilterForm applied={values} onApply={apply} />
        <Box sx={{ display: 'flex', mb: 2 }}>
          <ExportButton call={accessLogCalls.exportAccessLog} selection={{ ...filters }} tableLabel={paths.accessLog.title} />
        </Box>
        <DataTable
          key={JSON.stringify(filters)}
          label={paths.accessLog.title}
          query={query}
          columns={columns}
          defaults={accessLogTableDefaults}
          emptyText="Geen handelingen gevonden..."
        />
      </>
    );
  }

  return (
    <>
      <PageHeading title={paths.accessLog.title} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
        {accessLogTexts.intro}
      </Typography>
      {body}
    </>
  );
}
