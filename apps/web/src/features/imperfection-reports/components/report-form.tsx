import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import { FormStatus, type FormState } from '@/components/form-status';

interface ReportFormProps {
  /** id of the form's heading, which names the form */
  headingId: string;
  heading: string;
  intro?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  state: FormState;
  successMessage: string;
  errorMessage: string;
  submitLabel: string;
  pending: boolean;
  /** The submit waits, e.g. for a photo that is still uploading. */
  submitDisabled?: boolean;
  children: ReactNode;
  formRef?: Ref<HTMLFormElement>;
}

/** The frame of every imperfection form: heading, fields on a responsive grid, outcome, submit button. */
export function ReportForm({
  headingId,
  heading,
  intro,
  onSubmit,
  state,
  successMessage,
  errorMessage,
  submitLabel,
  pending,
  submitDisabled = false,
  children,
  formRef,
}: ReportFormProps) {
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 960 }}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          {heading}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
          <Grid container spacing={2}>
            {children}
          </Grid>
          <FormStatus state={state} successMessage={successMessage} errorMessage={errorMessage} />
          <Button type="submit" variant="contained" loading={pending} disabled={submitDisabled} sx={{ mt: 2 }}>
            {submitLabel}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** One cell of the form grid: the full width on a phone, half (or `wide`: the full width) from sm up. */
export function FieldCell({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: wide ? 12 : 6 }}>{children}</Grid>;
}

/** A heading between groups of fields. */
export function FieldGroupHeading({ children }: { children: ReactNode }) {
  return (
    <Grid size={12}>
      <Typography variant="h3" sx={{ mt: 1 }}>
        {children}
      </Typography>
    </Grid>
  );
}
