import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  invoiceBundleText,
  invoiceFileType,
  invoicePeriod,
  invoicePeriodKindLabels,
  invoicePeriodKinds,
  type InvoiceFileType,
  type InvoicePeriodKind,
} from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, callMissing } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { saveFile } from '@/lib/save-file';
import { fetchInvoiceBundle } from '../api/download-invoice-bundle';
import { invoiceFileLabels } from './invoice-downloads';

export const bundleButtonText = 'Facturen downloaden als ZIP';
export const bundleFailedText = 'Het downloaden van de facturen is mislukt. Probeer het opnieuw.';
export const bundleUnavailableText =
  'Deze server biedt het downloaden als ZIP niet aan. Download de facturen per stuk met de knop Downloaden in de tabel.';
export const bundleCancelledText = 'Het downloaden is gestopt. Er is niets opgeslagen.';

const monthNames = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, i, 1)),
);
const quarterNames = ['1e kwartaal (januari–maart)', '2e kwartaal (april–juni)', '3e kwartaal (juli–september)', '4e kwartaal (oktober–december)'];
/** How many years back the year list reaches: invoices are kept for 24 months and more. */
const YEARS_BACK = 5;
const sizeFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const received = (bytes: number) => (bytes < 1024 * 1024 ? `${sizeFormat.format(bytes / 1024)} kB` : `${sizeFormat.format(bytes / 1024 / 1024)} MB`);

type Outcome = { severity: 'success' | 'info' | 'error'; text: string } | null;

function failureText(error: unknown): string {
  if (callMissing(error)) return bundleUnavailableText;
  if (error instanceof ApiError && error.status === 422) return invoiceBundleText.noInvoices;
  return failureMessage(error, bundleFailedText);
}

/** Last month: the period most asked for, the day after an invoice run. */
function lastMonth(today = new Date()) {
  const month = today.getMonth() === 0 ? 12 : today.getMonth();
  return { year: today.getMonth() === 0 ? today.getFullYear() - 1 : today.getFullYear(), month };
}

/**
 * "Facturen downloaden als ZIP": a month, quarter or year and the file types, then one ZIP with every invoice of
 * that period (our own call). Shows what it has received while it downloads and can be stopped. Against a server
 * without the call it says so once and then leaves the page to the single downloads.
 */
export function InvoiceBundleDownload() {
  const start = lastMonth();
  const [open, setOpen] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [kind, setKind] = useState<InvoicePeriodKind>('Month');
  const [year, setYear] = useState(start.year);
  const [month, setMonth] = useState(start.month);
  const [quarter, setQuarter] = useState(Math.ceil(start.month / 3));
  const [fileTypes, setFileTypes] = useState<InvoiceFileType[]>(['Pdf']);
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const running = useRef<AbortController | null>(null);
  const titleId = useId();
  const fileTypesId = useId();
  const busy = progress !== null;
  const currentYear = new Date().getFullYear();

  useEffect(() => () => running.current?.abort(), []);

  if (unavailable && !open) return null;

  const toggle = (type: InvoiceFileType, checked: boolean) => {
    setOutcome(null);
    setFileTypes((current) => invoiceFileType.options.filter((t) => (t === type ? checked : current.includes(t))));
  };

  const download = async () => {
    const period = invoicePeriod(kind, year, kind === 'Quarter' ? quarter : month);
    if (!period || busy) return;
    if (fileTypes.length === 0) {
      setShowErrors(true);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setOutcome(null);
    setProgress(0);
    try {
      const file = await fetchInvoiceBundle({ period, fileTypes }, { signal: controller.signal, onProgress: setProgress });
      saveFile(file);
      setOutcome({ severity: 'success', text: `‘${file.name}’ is gedownload.` });
    } catch (error) {
      if (controller.signal.aborted) setOutcome({ severity: 'info', text: bundleCancelledText });
      else {
        if (callMissing(error)) setUnavailable(true);
        setOutcome({ severity: 'error', text: failureText(error) });
      }
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const close = () => {
    running.current?.abort();
    setOpen(false);
    setOutcome(null);
    setShowErrors(false);
  };

  const missingTypes = showErrors && fileTypes.length === 0;
  return (
    <>
      <Button variant="outlined" startIcon={<FolderZipOutlined />} onClick={() => setOpen(true)}>
        {bundleButtonText}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{bundleButtonText}</DialogTitle>
        <DialogContent>
          <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(event) => { event.preventDefault(); void download(); }} sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
            <FormControl disabled={busy || unavailable}>
              <FormLabel id={`${titleId}-kind`}>Periode</FormLabel>
              <RadioGroup row aria-labelledby={`${titleId}-kind`} value={kind} onChange={(event) => { setKind(event.target.value as InvoicePeriodKind); setOutcome(null); }}>
                {invoicePeriodKinds.map((k) => (
                  <FormControlLabel key={k} value={k} control={<Radio />} label={invoicePeriodKindLabels[k]} />
                ))}
              </RadioGroup>
            </FormControl>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: kind === 'Year' ? '1fr' : '2fr 1fr' } }}>
              {kind === 'Month' && (
                <TextField select label="Maand" value={month} disabled={busy || unavailable} onChange={(event) => { setMonth(Number(event.target.value)); setOutcome(null); }}>
                  {monthNames.map((name, i) => (
                    <MenuItem key={name} value={i + 1}>{name}</MenuItem>
                  ))}
                </TextField>
              )}
              {kind === 'Quarter' && (
                <TextField select label="Kwartaal" value={quarter} disabled={busy || unavailable} onChange={(event) => { setQuarter(Number(event.target.value)); setOutcome(null); }}>
                  {quarterNames.map((name, i) => (
                    <MenuItem key={name} value={i + 1}>{name}</MenuItem>
                  ))}
                </TextField>
              )}
              <TextField select label="Jaar" value={year} disabled={busy || unavailable} onChange={(event) => { setYear(Number(event.target.value)); setOutcome(null); }}>
                {Array.from({ length: YEARS_BACK + 1 }, (_, i) => currentYear - i).map((y) => (
                  <MenuItem key={y} value={y}>{y}</MenuItem>
                ))}
              </TextField>
            </Box>
            <FormControl error={missingTypes} disabled={busy || unavailable} component="fieldset" aria-describedby={missingTypes ? fileTypesId : undefined}>
              <FormLabel component="legend">Bestanden</FormLabel>
              <FormGroup row>
                {invoiceFileType.options.map((type) => (
                  <FormControlLabel
                    key={type}
                    control={<Checkbox checked={fileTypes.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />}
                    label={invoiceFileLabels[type]}
                  />
                ))}
              </FormGroup>
              {missingTypes && <FormHelperText id={fileTypesId}>{invoiceBundleText.fileTypesRequired}</FormHelperText>}
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              Elke factuur van de periode staat in het ZIP-bestand, met dezelfde bestandsnaam als bij los downloaden.
            </Typography>
            {busy && (
              <Box>
                <LinearProgress aria-label="Voortgang van de download" />
                <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                  Bezig met downloaden… {received(progress)} ontvangen
                </Typography>
              </Box>
            )}
            {outcome && (
              <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                {outcome.text}
              </Alert>
            )}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={busy ? () => running.current?.abort() : close}>{busy ? 'Annuleren' : 'Sluiten'}</Button>
          <Button type="submit" form={`${titleId}-form`} variant="contained" loading={busy} loadingPosition="start" startIcon={<FolderZipOutlined />} disabled={unavailable}>
            Downloaden
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
