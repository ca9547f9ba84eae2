import Alert from '@mui/material/Alert';
import { failureMessage } from '@/lib/form-errors';

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
  submission: { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown };
  succeededMessage: string;
  /** The screen's own failure message; `failureMessage` adds what a 429 or 503 means. */
  failedMessage: string;
}

/** The outcome of a form sent with a mutation, in the screen's own words. */
export function SubmissionStatus({ submission, succeededMessage, failedMessage }: SubmissionStatusProps) {
  return (
    <FormStatus
      state={formStateOf(submission)}
      successMessage={succeededMessage}
      errorMessage={failureMessage(submission.error, failedMessage)}
    />
  );
}
