import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { submissionReceipt, type SubmissionReceipt } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';

/** The states every form of the spec cycles through (section 4). */
export type FormState = 'initial' | 'loading' | 'completed' | 'error';

/** A TanStack mutation's status in the spec's words. */
export function formStateOf(mutation: { status: 'idle' | 'pending' | 'success' | 'error' }): FormState {
  switch (mutation.status) {
    case 'idle':
      return 'initial';
    case 'pending':
      return 'loading';
    case 'success':
      return 'completed';
    case 'error':
      return 'error';
  }
}

interface FormStatusProps {
  state: FormState;
  successMessage?: string;
  errorMessage?: string;
}

/** The outcome of a submit: a success or error alert, announced to screen readers; nothing otherwise. */
export function FormStatus({ state, successMessage, errorMessage }: FormStatusProps) {
  if (state === 'completed' && successMessage) {
    return (
      <Alert severity="success" sx={{ my: 2 }}>
        {successMessage}
      </Alert>
    );
  }
  if (state === 'error' && errorMessage) {
    return (
      <Alert severity="error" sx={{ my: 2 }}>
        {errorMessage}
      </Alert>
    );
  }
  return null;
}

interface SubmissionStatusProps {
  /** A mutation; a form's submit answers a receipt (issue 13), which the success shows. */
  submission: { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown; data?: unknown };
  succeededMessage: string;
  /** The screen's own failure message; `failureMessage` adds what a 429 or 503 means. */
  failedMessage: string;
}

/** The outcome of a form sent with a mutation, in the screen's own words. */
export function SubmissionStatus({ submission, succeededMessage, failedMessage }: SubmissionStatusProps) {
  const receipt = submission.status === 'success' ? submissionReceipt.safeParse(submission.data) : null;
  if (receipt?.success) return <Receipt message={succeededMessage} receipt={receipt.data} />;
  return (
    <FormStatus
      state={formStateOf(submission)}
      successMessage={succeededMessage}
      errorMessage={failureMessage(submission.error, failedMessage)}
    />
  );
}

/**
 * The receipt of a form: the screen's own success text, the reference to quote, and what happens next. Focus
 * moves to it, so that a keyboard or screen-reader user, who was at the submit button, hears it and starts there.
 */
function Receipt({ message, receipt }: { message: string; receipt: SubmissionReceipt }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [receipt.reference]);
  const what = receipt.reference.startsWith('MEL') ? 'uw melding' : 'uw aanvraag';
  return (
    <Alert ref={box} tabIndex={-1} severity="success" sx={{ my: 2 }} data-testid="submission-receipt">
      <AlertTitle>{message}</AlertTitle>
      Uw referentienummer is <strong>{receipt.reference}</strong>. Een medewerker van Spits behandelt {what}; u ontvangt een
      kopie per e-mail. De status en ons antwoord vindt u onder{' '}
      <Link component={RouterLink} to={paths.myRequests.path} color="inherit">
        {paths.myRequests.title}
      </Link>
      .
    </Alert>
  );
}
