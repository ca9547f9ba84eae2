import Typography from '@mui/material/Typography';
import { PageHeading } from './page-heading';

/** Stands in for a screen that a later change builds: its title and a line saying it is coming. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeading title={title} />
      <Typography color="text.secondary">Dit scherm volgt binnenkort.</Typography>
    </>
  );
}
