import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  auditActionText,
  auditActorKindText,
  auditObjectText,
  auditOutcomeLabels,
  auditTableDefaults,
  feedback,
  type AuditColumn,
  type AuditRow,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { failureMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { backofficePaths } from '../../../paths';
import { auditTableQueryOptions, downloadAuditCsv } from '../api/audit';
import { AuditDetails } from '../components/audit-details';
import { AuditFilterForm, useAuditFilters } from '../components/audit-filter-form';

const columns: DataTableColumn<AuditRow, AuditColumn>[] = [
  { field: 'at', header: 'Tijdstip', noWrap: true, render: (r) => formatDateTime(r.at, { seconds: true }) },
  {
    value: true,
    id: 'actor',
    header: 'Wie',
    render: (r) => (
      <>
        <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {r.actorName ?? '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {auditActorKindText(r)}
        </Typography>
      </>
    ),
  },
  { field: 'action', header: 'Actie', render: (r) => auditActionText(r.action) },
  { field: 'outcome', header: 'Resultaat', noWrap: true, render: (r) => auditOutcomeLabels[r.outcome] ?? r.outcome },
  { value: true, id: 'customer', header: 'Klant', render: (r) => (r.customerName ? `${r.customerName} (${r.customerCode ?? ''})` : '—') },
  { value: true, id: 'patients', header: 'Patiënt', render: (r) => (r.patients.length ? r.patients.join(', ') : '—') },
  { value: true, id: 'object', header: 'Object', render: (r) => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{auditObjectText(r) ?? '—'}</Box> },
  { value: true, id: 'details', header: 'Details', width: '12rem', render: (r) => <AuditDetails row={r} /> },
  { value: true, id: 'address', header: 'Adres', noWrap: true, render: (r) => r.address ?? '—' },
];

/** Logboek (Beheerder): who did what to which customer and patient, when, from where, with what outcome. */
export default function AuditLogRoute() {
  const { values, filters, apply } = useAuditFilters();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = useMemo(() => auditTableQueryOptions(filters), [filters]);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await downloadAuditCsv(filters));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeading
        title={backofficePaths.audit.title}
        action={
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            Exporteren (CSV)
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Elke inzage en wijziging van klant- en patiëntgegevens, door klanten, medewerkers van Mijn Spits en koppelingen
        (NEN 7513). Ook het lezen van dit logboek wordt vastgelegd.
      </Typography>
      {exportError !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(exportError, feedback.serverError)}
        </Alert>
      )}
      <AuditFilterForm applied={values} onApply={apply} />
      <DataTable
        key={JSON.stringify(filters)}
        label={backofficePaths.audit.title}
        query={query}
        columns={columns}
        defaults={auditTableDefaults}
        emptyText="Geen regels gevonden bij deze filters."
        searchable
        searchHint="Zoek in actie, klant, wie en object"
        rowKey={(r) => String(r.id)}
      />
    </>
  );
}
