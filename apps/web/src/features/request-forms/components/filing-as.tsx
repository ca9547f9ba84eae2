import Typography from '@mui/material/Typography';
import { useFormPostUserDetails } from '@/lib/user-details';

/** Who files the form, as the provider will see it; nothing while it loads or when it cannot be fetched. */
export function FilingAs() {
  const details = useFormPostUserDetails();
  if (!details.data) return null;
  const { firstName, middleName, lastName, emailAddress, clientName } = details.data;
  const name = [firstName, middleName, lastName].filter(Boolean).join(' ');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      Ingediend door {name} ({emailAddress}) namens {clientName}
    </Typography>
  );
}
