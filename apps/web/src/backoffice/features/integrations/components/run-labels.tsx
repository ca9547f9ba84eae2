import Chip from '@mui/material/Chip';
import { importKindNames, importKinds, importRunStatusLabel, importRunText, type ImportKind, type ImportRunRow } from '@portal/contract';

const looks: Record<string, { color: 'info' | 'success' | 'warning' | 'error'; variant: 'filled' | 'outlined' }> = {
  running: { color: 'info', variant: 'outlined' },
  succeeded: { color: 'success', variant: 'outlined' },
  partial: { color: 'warning', variant: 'filled' },
  rejected: { color: 'error', variant: 'filled' },
  failed: { color: 'error', variant: 'filled' },
};

/** A run's status in words; a run that refused rows or failed stands out in the warning's and the error's colour. */
export function RunStatusChip({ status }: { status: string }) {
  const look = looks[status] ?? looks.running!;
  return <Chip size="small" label={importRunStatusLabel(status)} color={look.color} variant={look.variant} sx={{ fontWeight: 500 }} />;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The kind as the contract names it ('Patiënten'); a kind this version does not know, as it came. */
export const kindLabel = (kind: string) => ((importKindNames as readonly string[]).includes(kind) ? capitalised(importKinds[kind as ImportKind].label) : kind);

/** Who sent the run: its client, or the command line. */
export const senderLabel = (run: Pick<ImportRunRow, 'clientName' | 'source'>) => run.clientName ?? (run.source === 'cli' ? importRunText.commandLine : '—');

const seconds = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '350 ms', '1,2 s', '2 min 05 s'. */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${seconds.format(ms / 1000)} s`;
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}
