import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';

export function BackToLoginLink({ children = 'Terug naar inloggen' }: { children?: string }) {
  return (
    <Link component={RouterLink} to={paths.auth.login.path} variant="body2">
      {children}
    </Link>
  );
}
