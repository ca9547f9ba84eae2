import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  downloadInvoiceBundle,
  invoiceBundleText,
  invoiceFileType,
  invoicePeriod,
  invoicePeriodKindLabels,
  invoicePeriodKinds,
  type InvoiceFileType,
  type InvoicePeriodKind,
} from '@portal/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormRadioField } from '@/components/form/choice-fields';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormCheckboxesField } from '@/components/form/toggle-fields';
import { Form } from '@/components/form/form';
import { ApiError, callMissing } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { saidAtFields, submitWith } from '@/lib/forms/submit-with';
import { useDownloadInvoiceBundle, type InvoiceBundleQuery } from '../api/download-invoice-bundle';
import { invoiceFileLabels } from './invoice-downloads';

export const bundleFailedText = 'Het downloaden van de facturen is mislukt. Probeer het opnieuw.';
export const bundleUnavailableText =
  'Deze server biedt het downloaden als ZIP niet aan. Download de facturen per stuk met de knop Downloaden in de tabel.';
export const bundleCancelledText = 'Het downloaden is gestopt. Er is niets opgeslagen.';

const numbered = (labels: readonly string[]) => labels.map((label, i) => ({ value: String(i + 1), label }));
const monthChoices = numbered(
  Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, i, 1))),
);
const quarterChoices = numbered(['1e kwartaal (januari–maart)', '2e kwartaal (april–juni)', '3e kwartaal (juli–september)', '4e kwartaal (oktober–december)']);
const kindChoices = invoicePeriodKinds.map((kind) => ({ value: kind, label: invoicePeriodKindLabels[kind] }));
const fileTypeChoices = invoiceFileType.options.map((type) => ({ value: type, label: invoiceFileLabels[type] }));
/** How many years back the year list reaches: invoices are kept for 24 months and more. */
const YEARS_BACK = 5;
const sizeFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const received = (bytes: number) => (bytes < 1024 * 1024 ? `${sizeFormat.format(bytes / 1024)} kB` : `${sizeFormat.format(bytes / 1024 / 1024)} MB`);

interface Values {
  kind: InvoicePeriodKind;
  /** the selects' values: the year, the month (1–12) and the quarter (1–4) as text */
  year: string;
  month: string;
  quarter: string;
  fileTypes: InvoiceFileType[];
}

/** The call's query from the choices; a refused period is said at the year, the file types at their boxes. */
const fieldOf = { Period: 'year', FileTypes: 'fileTypes' } as const;
const serverFields = Object.keys(fieldOf);
const resolver = payloadResolver(
  downloadInvoiceBundle.query,
  ({ kind, year, month, quarter, fileTypes }: Values) => ({
    Period: invoicePeriod(kind, Number(year), Number(kind === 'Quarter' ? quarter : month))?.text ?? '',
    FileTypes: fileTypes.join(','),
  }),
  { fieldOf },
);

function failureText(error: unknown): string {
  if (callMissing(error)) return bundleUnavailableText;
  if (error instanceof ApiError && error.status === 422) return invoiceBundleText.noInvoices;
  return failureMessage(error, bundleFailedText);
}

/** Last month: the period most asked for, the day after an invoice run. */
function lastMonth(today = new Date()): Values {
  const month = today.getMonth() === 0 ? 12 : today.getMonth();
  const year = today.getMonth() === 0 ? today.getFullYear() - 1 : today.getFullYear();
  return { kind: 'Month', year: String(year), month: String(month), quarter: String(Math.ceil(month / 3)), fileTypes: ['Pdf'] };
}

export interface InvoiceBundleFormProps {
  open: boolean;
  onClose: () => void;
  /** The server has no such call: the screen leaves the ZIP to the single downloads from then on. */
  onUnavailable: () => void;
  unavailable: boolean;
}

/**
 * The ZIP dialog's form and actions: a month, quarter or year and the file types, then one ZIP with every invoice
 * of that period (our own call). Shows what it has received while it downloads and can be stopped. Fetched as the
 * dialog first opens and kept while the screen is, so the choice stays for the next period or file type.
 */
export default function InvoiceBundleForm({ open, onClose, onUnavailable, unavailable }: InvoiceBundleFormProps) {
  const { download, progress, cancel } = useDownloadInvoiceBundle();
  const form = useForm<Values, unknown, InvoiceBundleQuery>({ defaultValues: lastMonth(), resolver });
  const formId = useId();
  const busy = download.isPending;
  const kind = form.watch('kind');
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(new Date().getFullYear() - i)).map((y) => ({ value: y, label: y }));
  const { reset } = download;
  const { clearErrors } = form;

  // Another choice makes the outcome of the last download old news.
  useEffect(() => {
    const watching = form.watch(() => reset());
    return () => watching.unsubscribe();
  }, [form, reset]);

  // Closed (its button, Escape or beside it): a download under way stops, and the outcome goes.
  useEffect(() => {
    if (open) return;
    cancel();
    reset();
    clearErrors();
  }, [open, cancel, reset, clearErrors]);

  const onSubmit = submitWith(form, download, serverFields, {
    // The choice stays for the next period or file type.
    resetTo: false,
    fieldOf,
    onError: (error) => {
      if (callMissing(error)) onUnavailable();
    },
  });

  const outcome =
    download.isSuccess && download.data
      ? { severity: 'success' as const, text: `‘${download.data.name}’ is gedownload.` }
      : download.isSuccess
        ? { severity: 'info' as const, text: bundleCancelledText }
        : download.isError && !saidAtFields(download.error, serverFields, fieldOf)
          ? { severity: 'error' as const, text: failureText(download.error) }
          : null;
  const fieldsOff = busy || unavailable;
  return (
    <>
        <DialogContent>
          <Form form={form} id={formId} onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
            <FormRadioField<Values> name="kind" label="Periode" options={kindChoices} disabled={fieldsOff} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: kind === 'Year' ? '1fr' : '2fr 1fr' } }}>
              {kind === 'Month' && <FormSelectField<Values> name="month" label="Maand" options={monthChoices} disabled={fieldsOff} />}
              {kind === 'Quarter' && <FormSelectField<Values> name="quarter" label="Kwartaal" options={quarterChoices} disabled={fieldsOff} />}
              <FormSelectField<Values> name="year" label="Jaar" options={years} disabled={fieldsOff} />
            </Box>
            <FormCheckboxesField<Values> name="fileTypes" label="Bestanden" options={fileTypeChoices} disabled={fieldsOff} />
            <Typography variant="body2" color="text.secondary">
              Elke factuur van de periode staat in het ZIP-bestand, met dezelfde bestandsnaam als bij los downloaden.
            </Typography>
            {busy && (
              <Box>
                <LinearProgress aria-label="Voortgang van de download" />
                <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                  Bezig met downloaden… {received(progress ?? 0)} ontvangen
                </Typography>
              </Box>
            )}
            {outcome && (
              <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                {outcome.text}
              </Alert>
            )}
          </Form>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={busy ? cancel : onClose}>{busy ? 'Annuleren' : 'Sluiten'}</Button>
          <Button type="submit" form={formId} variant="contained" loading={busy} loadingPosition="start" startIcon={<FolderZipOutlined />} disabled={unavailable}>
            Downloaden
          </Button>
        </DialogActions>
    </>
  );
}
