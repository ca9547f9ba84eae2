import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback, importRejectionTableDefaults, importRunText, type ImportRejectionColumn, type ImportRejectionRow, type ImportRunDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { failureMessage } from '@/lib/form-errors';
import { formatDateTime, formatInteger } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { backofficePaths } from '../../../paths';
import { downloadRejectionsCsv, importRunQueryOptions, rejectionTableQueryOptions } from '../api/import-runs';
import { durationLabel, kindLabel, RunStatusChip, senderLabel } from '../components/run-labels';

const h = importRunText.rejectionHeaders;
const columns: DataTableColumn<ImportRejectionRow, ImportRejectionColumn>[] = [
  { field: 'line', header: h.line, align: 'right', noWrap: true, render: (r) => formatInteger(r.line) },
  { value: true, id: 'key', header: h.key, render: (r) => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{r.key ?? '—'}</Box> },
  // Shown once the integration names them (issue 29.5): a page of rejections without any leaves them out.
  { value: true, id: 'code', header: h.code, noWrap: true, render: (r) => r.code ?? '—', showWhen: (rows) => (rows as ImportRejectionRow[]).some((r) => r.code !== null) },
  { value: true, id: 'field', header: h.field, render: (r) => r.field ?? '—', showWhen: (rows) => (rows as ImportRejectionRow[]).some((r) => r.field !== null) },
  { value: true, id: 'reason', header: h.reason, render: (r) => r.reason },
];

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** Term and value pairs in a grid that folds to two columns on a phone. */
function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(8, 1fr)' }, gap: 2, m: 0 }}>
      {facts.map(([term, value]) => (
        <Box key={term}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RunSummary({ run }: { run: ImportRunDetail }) {
  return (
    <>
      <Section title="Overzicht">
        <Facts
          facts={[
            ['Status', <RunStatusChip key="status" status={run.status} />],
            ['Koppeling', senderLabel(run)],
            ['Soort', kindLabel(run.kind)],
            ['Modus', run.mode],
            ['Klant', run.customer ?? '—'],
            ['Gestart', formatDateTime(run.startedAt, { seconds: true })],
            ['Klaar', run.finishedAt ? formatDateTime(run.finishedAt, { seconds: true }) : '—'],
            ['Duur', durationLabel(run.durationMs)],
          ]}
        />
        {run.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {run.error}
          </Alert>
        )}
        {run.warnings.map((warning) => (
          <Alert key={warning} severity="warning" sx={{ mt: 2 }}>
            {warning}
          </Alert>
        ))}
      </Section>
      <Section title="Aantallen">
        <Facts
          facts={[
            ['Ontvangen', formatInteger(run.received)],
            ['Nieuw', formatInteger(run.inserted)],
            ['Gewijzigd', formatInteger(run.updated)],
            ['Ongewijzigd', formatInteger(run.unchanged)],
            ['Verouderd', formatInteger(run.stale)],
            ['Verwijderd', formatInteger(run.deleted)],
            ['Geweigerd', formatInteger(run.rejected)],
          ]}
        />
      </Section>
    </>
  );
}

function Rejections({ run }: { run: ImportRunDetail }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const query = useMemo(() => rejectionTableQueryOptions(run.id), [run.id]);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveFile(await downloadRejectionsCsv(run.id));
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Section
      title="Geweigerde rijen"
      action={
        run.rejected > 0 && (
          <Button variant="outlined" size="small" startIcon={<FileDownloadOutlined />} loading={downloading} onClick={() => void download()}>
            Alle geweigerde rijen downloaden (CSV)
          </Button>
        )
      }
    >
      {downloadError !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(downloadError, feedback.serverError)}
        </Alert>
      )}
      <DataTable
        label="Geweigerde rijen"
        query={query}
        columns={columns}
        defaults={importRejectionTableDefaults}
        emptyText="Deze run heeft geen geweigerde rijen."
        rowKey={(r) => String(r.id)}
      />
    </Section>
  );
}

/** One import run: its counts, warnings and error, and its rejected rows with all of them as a file. */
export default function ImportRunRoute() {
  const id = Number(useParams().id);
  const run = useQuery({ ...importRunQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const back = (
    <Button component={RouterLink} to={backofficePaths.importRuns.path} startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      Terug naar de importruns
    </Button>
  );
  if (run.isError || !(Number.isInteger(id) && id > 0)) {
    return (
      <>
        {back}
        <LoadFailed message={feedback.serverError} error={run.error} onRetry={() => void run.refetch()} retrying={run.isFetching} />
      </>
    );
  }
  if (run.isPending) return <>{back}<LoadingState label="Importrun laden…" showLabel /></>;
  return (
    <>
      {back}
      <PageHeading title={`${backofficePaths.importRun.title} ${run.data.id}`} />
      <RunSummary run={run.data} />
      <Rejections run={run.data} />
    </>
  );
}
