import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useContactDetails } from '../api/get-contact-details';

export default function ContactRoute() {
  const contact = useContactDetails();

  return (
    <>
      <PageHeading title={paths.contact.title} />
      {contact.isPending ? (
        <LoadingState label="Contactgegevens laden…" />
      ) : contact.isError ? (
        <LoadFailed message={feedback.serverError} error={contact.error} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <Card sx={{ maxWidth: 720 }}>
          <CardContent>
            {contact.data.text.trim() ? (
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{contact.data.text}</Typography>
            ) : (
              <Typography color="text.secondary">Er zijn nog geen contactgegevens beschikbaar.</Typography>
            )}
          </CardContent>
        </Card>
      )}
    </>
  );
}
