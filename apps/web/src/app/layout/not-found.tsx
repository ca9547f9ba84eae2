import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';

export const notFoundTitle = 'Pagina niet gevonden';

/** An unknown address; `home` says where back to (the dashboard, or the back-office's inbox). */
export function NotFound({ home = { to: paths.dashboard.path, label: 'Naar het dashboard' } }: { home?: { to: string; label: string } }) {
  return (
    <>
      <PageHeading title={notFoundTitle} />
      <Typography sx={{ mb: 2 }}>Deze pagina bestaat niet (meer).</Typography>
      <Link component={RouterLink} to={home.to}>
        {home.label}
      </Link>
    </>
  );
}
