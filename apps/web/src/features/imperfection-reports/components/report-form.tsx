import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { delays } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import { FileField } from '@/components/form/file-field';
import { Form } from '@/components/form/form';
import { SubmissionStatus } from '@/components/form-status';
import { useDeploymentProfile } from '@/lib/deployment-profile';
import { submitWith } from '@/lib/forms/submit-with';
import { scrollToFirstError } from '../utils/scroll-to-error';
import type { ReportVariant } from '../variants/report-variant';

/** Every imperfection report: heading, the variant's fields on a responsive grid, outcome, submit button. */
export function ReportForm<TValues extends FieldValues, TData, TPayload>({
  variant,
  data,
}: {
  variant: ReportVariant<TValues, TData, TPayload>;
  data: TData;
}) {
  const { headingId, defaultValues, fieldOf, scrollToError = false, Sections } = variant;
  const report = useMutation({ mutationFn: variant.send });
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<TValues, TData, TPayload>({
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver: variant.resolver,
    context: data,
    shouldFocusError: !scrollToError,
  });
  const scrollLater = () => {
    if (scrollToError) setTimeout(() => scrollToFirstError(formRef.current), delays.scrollToErrorMs);
  };
  const formFields = Object.keys(defaultValues);

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 960 }}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Uw melding
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {variant.intro}
          {variant.namesQualityContact && <QualityContact />}
        </Typography>
        <Form
          form={form}
          formRef={formRef}
          clearServerErrorsOnBlur
          errorSummary
          aria-labelledby={headingId}
          onInvalid={scrollLater}
          onSubmit={submitWith(form, report, formFields, { fieldOf, focusFirst: true, onError: () => void scrollLater() })}
        >
          <Grid container spacing={2}>
            <Sections data={data} form={form} onUploadingChange={setUploading} />
          </Grid>
          <SubmissionStatus submission={report} succeededMessage={variant.succeededMessage} failedMessage={variant.failedMessage} />
          <Button type="submit" variant="contained" loading={report.isPending} disabled={uploading} sx={{ mt: 2 }}>
            {variant.submitLabel}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The quality department's telephone number and e-mail address, as the deployment names them. */
function QualityContact() {
  const contact = useDeploymentProfile()?.qualityContact;
  if (!contact) return null;
  return (
    <>
      {' '}
      Afdeling Kwaliteit: telefoon <Link href={`tel:${contact.phone.replace(/[\s-]/g, '')}`}>{contact.phone}</Link>, e-mail{' '}
      <Link href={`mailto:${contact.email}`}>{contact.email}</Link>.
    </>
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

/** The photo of the fault, across the grid: jpeg or png, at most 20 MB, uploaded as soon as it is chosen. */
export function PhotoCell<T extends FieldValues>({ name, onUploadingChange }: { name: FieldPath<T>; onUploadingChange: (uploading: boolean) => void }) {
  return (
    <FieldCell wide>
      <FileField<T> name={name} purpose="Photo" label="Foto" hint="Een foto in jpeg of png, van maximaal 20 MB." onUploadingChange={onUploadingChange} />
    </FieldCell>
  );
}
