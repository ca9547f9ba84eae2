import Box from '@mui/material/Box';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { PasswordChangeCard } from '../components/password-change-card';
import { SessionsCard } from '../components/sessions-card';
import { StatusMailsCard } from '../components/status-mails-card';
import { TwoFactorCard } from '../components/two-factor-card';

export default function SettingsRoute() {
  return (
    <>
      <PageHeading title={paths.settings.title} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <PasswordChangeCard />
        <TwoFactorCard />
        <SessionsCard />
        <StatusMailsCard />
      </Box>
    </>
  );
}
