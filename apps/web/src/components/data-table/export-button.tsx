import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { feedback, type CallDefinition, type ExportFormat } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { LazyPart } from '@/components/lazy-component';
import { ApiError, callMissing } from '@/lib/api-client';
import { downloadExport, type ExportProgress } from '@/lib/export-file';
import { formatInteger } from '@/lib/format';
import { saveFile } from '@/lib/save-file';

/** What the file holds: the table's search and sort, or a screen's filters. */
export type ExportSelection = Record<string, string | boolean | null | undefined>;

type Outcome = { kind: 'done'; fileName: string; rows: number | null } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'Xlsx', label: 'Excel (.xlsx)' },
  { format: 'Csv', label: 'CSV (.csv, puntkomma’s)' },
];

const loadFormatMenu = () => import('./export-format-menu');

const kilobytes = (bytes: number) => `${formatInteger(Math.max(1, Math.round(bytes / 1024)))} kB`;

function progressText(progress: ExportProgress): string {
  // Before the server's first answer there is nothing to count yet.
  if (progress.total === null && progress.bytes === 0) return 'het bestand wordt klaargemaakt';
  if (progress.rows !== null && progress.total !== null) return `${formatInteger(progress.rows)} van ${formatInteger(progress.total)} rijen`;
  if (progress.total !== null) return `${formatInteger(progress.total)} rijen, ${kilobytes(progress.bytes)} ontvangen`;
  return `${kilobytes(progress.bytes)} ontvangen`;
}

function failureMessage(error: unknown): string {
  if (callMissing(error)) return 'Exporteren is op deze server niet beschikbaar.';
  if (error instanceof ApiError && error.status < 500) return error.problem.title;
  return feedback.exportFailed;
}

/**
 * Exporteren: the whole table, with the search and sort it shows, as an Excel or CSV file. While the file comes
 * in, how far it is and a button that stops it; then the browser's own download. One export at a time.
 */
export function ExportButton({ call, selection, tableLabel }: { call: CallDefinition; selection: ExportSelection; tableLabel: string }) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const running = useRef<AbortController | null>(null);
  const menuId = useId();

  // Leaving the screen stops the export.
  useEffect(() => () => running.current?.abort(), []);

  const start = async (format: ExportFormat) => {
    setMenuAnchor(null);
    setOutcome(null);
    const controller = new AbortController();
    running.current = controller;
    setProgress({ total: null, rows: format === 'Csv' ? 0 : null, bytes: 0 });
    try {
      const { file, rows } = await downloadExport(call, { ...selection, format }, { signal: controller.signal, onProgress: setProgress });
      saveFile(file);
      setOutcome({ kind: 'done', fileName: file.name, rows });
    } catch (error) {
      setOutcome(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', message: failureMessage(error) });
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const percent = progress?.rows != null && progress.total ? Math.min(100, (progress.rows / progress.total) * 100) : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'flex-end' }, gap: 1, ml: { sm: 'auto' }, width: { xs: '100%', sm: 'auto' } }}>
      {progress ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: { sm: '20rem' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" role="status">
              Exporteren… {progressText(progress)}
            </Typography>
            <LinearProgress
              aria-label={`Export van ${tableLabel}`}
              variant={percent === null ? 'indeterminate' : 'determinate'}
              value={percent ?? undefined}
              sx={{ mt: 0.5 }}
            />
          </Box>
          <Button size="small" variant="outlined" color="inherit" onClick={() => running.current?.abort()}>
            Afbreken
          </Button>
        </Box>
      ) : (
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? 'true' : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          Exporteren
        </Button>
      )}
      {menuAnchor && (
        <LazyPart load={loadFormatMenu} props={{ id: menuId, anchor: menuAnchor, formats, onChoose: (format) => void start(format), onClose: () => setMenuAnchor(null) }} />
      )}
      {outcome && (
        <Alert
          severity={outcome.kind === 'done' ? 'success' : outcome.kind === 'cancelled' ? 'info' : 'error'}
          onClose={() => setOutcome(null)}
          sx={{ py: 0 }}
        >
          {outcome.kind === 'done'
            ? `${outcome.fileName} is gedownload${outcome.rows === null ? '' : ` (${formatInteger(outcome.rows)} ${outcome.rows === 1 ? 'rij' : 'rijen'})`}.`
            : outcome.kind === 'cancelled'
              ? 'De export is afgebroken.'
              : outcome.message}
        </Alert>
      )}
    </Box>
  );
}
