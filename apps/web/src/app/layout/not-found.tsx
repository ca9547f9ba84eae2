import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';

export const notFoundTitle = 'Pagina niet gevonden';

export function NotFound() {
  return (
    <>
      <PageHeading title={notFoundTitle} />
      <Typography sx={{ mb: 2 }}>Deze pagina bestaat niet (meer).</Typography>
      <Link component={RouterLink} to={paths.dashboard.path}>
        Naar het dashboard
      </Link>
    </>
  );
}
