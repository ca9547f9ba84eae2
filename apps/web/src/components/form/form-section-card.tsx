import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SubmissionStatus } from '@/components/form-status';

interface FormSectionCardProps<TForm extends FieldValues, TOut> {
  /** The id of the heading, which names both the section and its form. */
  headingId: string;
  heading: string;
  /** A line under the heading that says what the form is for. */
  intro?: string;
  form: UseFormReturn<TForm, unknown, TOut>;
  onSubmit: (payload: TOut) => void;
  submission: { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown };
  succeededMessage: string;
  failedMessage: string;
  submitLabel: string;
  /** The space above the submit button, in theme units. */
  submitGap: number;
  children: ReactNode;
}

/** A form as one section of a screen (FAQ, settings): its heading, the outcome, the fields and the submit button. */
export function FormSectionCard<TForm extends FieldValues, TOut>({
  headingId,
  heading,
  intro,
  form,
  onSubmit,
  submission,
  succeededMessage,
  failedMessage,
  submitLabel,
  submitGap,
  children,
}: FormSectionCardProps<TForm, TOut>) {
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          {heading}
        </Typography>
        {intro && <Typography color="text.secondary">{intro}</Typography>}
        <SubmissionStatus submission={submission} succeededMessage={succeededMessage} failedMessage={failedMessage} />
        <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
          {children}
          <Button type="submit" variant="contained" loading={submission.status === 'pending'} sx={{ mt: submitGap }}>
            {submitLabel}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
