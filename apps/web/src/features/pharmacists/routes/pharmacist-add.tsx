import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { addPharmacistRequest, feedback, type ParsedBodyOf, type calls } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { Link as RouterLink } from 'react-router';
import { SubmissionStatus } from '@/components/form-status';
import { PageHeading } from '@/components/page-heading';
import { submitWith } from '@/lib/forms/submit-with';
import { paths } from '@/lib/paths';
import { useAddPharmacist } from '../api/add-pharmacist';
import { AdministratorsOnly } from '../components/administrators-only';
import { PharmacistFields, pharmacistFieldNames, type PharmacistFormValues } from '../components/pharmacist-fields';

const resolver = schemaResolver(addPharmacistRequest);

type NewPharmacist = ParsedBodyOf<typeof calls.pharmacist.addPharmacist>;

const emptyForm: PharmacistFormValues = {
  emailAddress: '',
  firstName: '',
  middleName: '',
  lastName: '',
  // The spec's default: a new account is an administrator unless chosen otherwise.
  pharmacistType: 'Administrator',
};

function AddPharmacistForm() {
  const add = useAddPharmacist();
  const form = useForm<PharmacistFormValues, unknown, NewPharmacist>({
    defaultValues: emptyForm,
    mode: 'all',
    resolver,
  });
  const { isValid } = form.formState;

  const onSubmit = submitWith(form, add, pharmacistFieldNames, { resetTo: emptyForm });

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Typography color="text.secondary">
          De nieuwe medewerker ontvangt een e-mail met een link om het account te activeren en een wachtwoord te kiezen.
        </Typography>
        <SubmissionStatus submission={add} succeededMessage={feedback.pharmacistAddSucceeded} failedMessage={feedback.pharmacistAddFailed} />
        <Form form={form} onSubmit={onSubmit} aria-label={paths.pharmacistAdd.title}>
          <PharmacistFields disabled={add.isPending} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={!isValid} loading={add.isPending}>
              Toevoegen
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Medewerker toevoegen: an account for a colleague, activated by the colleague through the mailed link. */
export default function PharmacistAddRoute() {
  return (
    <AdministratorsOnly title={paths.pharmacistAdd.title}>
      <Button component={RouterLink} to={paths.pharmacists.path} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
        Terug naar medewerkers
      </Button>
      <PageHeading title={paths.pharmacistAdd.title} />
      <AddPharmacistForm />
    </AdministratorsOnly>
  );
}
