import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/**
 * Staff accounts are managed by a customer's administrators. The server refuses the calls to anyone else;
 * here an employee who opens the page by its address is told so instead of seeing failing calls.
 */
export function AdministratorsOnly({ title, children }: { title: string; children: ReactNode }) {
  const session = useSession();
  if (session?.userInfo.isAdministrator) return children;
  return (
    <>
      <PageHeading title={title} />
      <Alert severity="info" sx={{ mb: 2 }}>
        Alleen administrators van uw organisatie kunnen medewerkers bekijken en beheren. Neem contact op met een administrator
        als u een account wilt laten toevoegen of wijzigen.
      </Alert>
      <Link component={RouterLink} to={paths.dashboard.path}>
        Naar het dashboard
      </Link>
    </>
  );
}
