import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SubmissionStatus } from '@/components/form-status';
import { FilingAs } from './filing-as';

interface RequestFormCardProps<TForm extends FieldValues, TOut> {
  /** The form's name for assistive technology: the screen's title. */
  title: string;
  form: UseFormReturn<TForm, unknown, TOut>;
  onSubmit: (payload: TOut) => void;
  request: { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown };
  succeededMessage: string;
  failedMessage: string;
  /** A note above the form (the product's screens). */
  note?: string;
  submitLabel: string;
  /** The submit waits, e.g. for a file that is still uploading or for a form that is not yet complete. */
  submitDisabled?: boolean;
  /** The space above the submit button, in theme units. */
  submitGap?: number;
  /** A long form: an error summary at its top after a submit. */
  errorSummary?: boolean;
  children: ReactNode;
}

/** The frame of every request form: who files it, a note, the outcome, the fields and the submit button. */
export function RequestFormCard<TForm extends FieldValues, TOut>({
  title,
  form,
  onSubmit,
  request,
  succeededMessage,
  failedMessage,
  note,
  submitLabel,
  submitDisabled,
  submitGap = 2,
  errorSummary = false,
  children,
}: RequestFormCardProps<TForm, TOut>) {
  return (
    // Not MUI's overflow: hidden: the patient search's list hangs below its field and may reach past the card.
    <Card sx={{ maxWidth: 760, overflow: 'visible' }}>
      <CardContent>
        <FilingAs />
        {note && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {note}
          </Alert>
        )}
        <SubmissionStatus submission={request} succeededMessage={succeededMessage} failedMessage={failedMessage} />
        <Form form={form} onSubmit={onSubmit} aria-label={title} errorSummary={errorSummary}>
          {children}
          <Box sx={{ mt: submitGap }}>
            <Button type="submit" variant="contained" loading={request.status === 'pending'} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Two fields side by side from sm up, one above the other on a phone. */
export const twoColumns = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;
