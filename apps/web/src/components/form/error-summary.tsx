import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useFormContext, useFormState, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';

interface SummaryEntry {
  name: string;
  message: string;
}

/** Every message of the form's errors with the path of its field, in the order of the form's values. */
export function summaryEntries(errors: FieldErrors, prefix = ''): SummaryEntry[] {
  const entries: SummaryEntry[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string' && message !== '') entries.push({ name, message });
    else entries.push(...summaryEntries(value as FieldErrors, name));
  }
  return entries;
}

/**
 * The error summary at the top of a long form (GOV.UK and the NL Design System): after a submit, every message
 * as a link that takes the focus to its field, beside the messages under the fields. It follows the fields as
 * they are corrected and is gone when nothing is wrong.
 */
export function ErrorSummary<T extends FieldValues>() {
  const form = useFormContext<T>();
  const { errors, isSubmitted } = useFormState<T>({ control: form.control });
  const entries = summaryEntries(errors);
  if (!isSubmitted || entries.length === 0) return null;

  const focusField = (name: string) => {
    const before = document.activeElement;
    form.setFocus(name as Path<T>);
    if (document.activeElement !== before) return;
    // A field drawn by a component of its own (a date picker, a search) is found by its input's name.
    const input = document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    input?.focus();
  };

  return (
    <Alert severity="error" role="region" sx={{ mb: 2 }} aria-labelledby="error-summary-title" data-testid="error-summary">
      <AlertTitle id="error-summary-title">Er {entries.length === 1 ? 'is 1 probleem' : `zijn ${entries.length} problemen`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {entries.map((entry) => (
          <li key={entry.name}>
            <Link component="button" type="button" color="inherit" onClick={() => focusField(entry.name)} sx={{ textAlign: 'left', verticalAlign: 'baseline' }}>
              {entry.message}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
