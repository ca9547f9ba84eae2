import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback, pharmacistTypeLabels, type CustomerDetail, type PharmacistType } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { formatDateTime } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { customerQueryOptions, useUpdateCustomer } from '../api/customers';
import { customerChangeResolver, CustomerFieldsForm, type CustomerFieldValues } from '../components/customer-fields-form';
import { DeactivateCustomer } from '../components/deactivate-customer';
import { InviteAdministratorForm } from '../components/invite-administrator-form';
import { kindLabel, noSite, siteLabel } from '../components/customer-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const accountState = (a: CustomerDetail['accountList'][number]) => (a.isActive ? 'actief' : a.isInvited ? 'uitgenodigd' : 'niet actief');

/** One customer: its data and site, departments, accounts, an invitation for an administrator, deactivation. */
export default function CustomerDetailRoute() {
  const { id = '' } = useParams();
  const customer = useQuery(customerQueryOptions(id));
  const update = useUpdateCustomer();
  const notice = useNotice<string>();
  const back = (
    <Button component={RouterLink} to={backofficePaths.customers.path} startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      Terug naar de klanten
    </Button>
  );

  if (customer.isPending) return <>{back}<LoadingState label="Klant laden…" showLabel /></>;
  if (customer.isError) {
    return (
      <>
        {back}
        <LoadFailed message={feedback.serverError} error={customer.error} onRetry={() => void customer.refetch()} retrying={customer.isFetching} />
      </>
    );
  }
  const c = customer.data;
  return (
    <>
      {back}
      <PageHeading title={`${c.name} (${c.code})`} action={<DeactivateCustomer id={c.id} name={c.name} isActive={c.isActive} onDone={notice.show} />} />
      {!c.isActive && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Gedeactiveerd op {c.deactivatedAt ? formatDateTime(c.deactivatedAt) : ''}: de accounts van deze klant kunnen niet inloggen.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Section title="Gegevens">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {kindLabel(c.kind)} · vestiging {siteLabel(c.site, c.defaultSite)} · laatste activiteit{' '}
            {c.lastActivity ? formatDateTime(c.lastActivity) : 'nog niet'}
          </Typography>
          <CustomerFieldsForm
            key={`${c.name}|${c.kind}|${c.site ?? ''}`}
            label="Gegevens wijzigen"
            initial={{ code: c.code, name: c.name, kind: c.kind as CustomerFieldValues['kind'], site: c.site ?? noSite }}
            withCode={false}
            defaultSite={c.defaultSite}
            submitLabel="Opslaan"
            resolver={customerChangeResolver}
            context={{ id: c.id }}
            submission={update}
            onSaved={() => notice.show('De gegevens zijn opgeslagen.')}
          />
        </Section>
        <Section title="Administrator uitnodigen">
          <InviteAdministratorForm customerId={c.id} onInvited={(email) => notice.show(`Er is een activatiemail naar ${email} gestuurd.`)} />
        </Section>
        <Section title={`Afdelingen (${c.departmentList.length})`}>
          {c.departmentList.length === 0 ? (
            <Typography color="text.secondary">Nog geen afdelingen: die komen uit de systemen van Mijn Spits.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {c.departmentList.map((d) => (
                <li key={d.id}>
                  {d.name} ({d.patients} {d.patients === 1 ? 'patiënt' : 'patiënten'})
                </li>
              ))}
            </Box>
          )}
        </Section>
        <Section title={`Accounts (${c.accountList.length})`}>
          {c.accountList.length === 0 ? (
            <Typography color="text.secondary">Nog geen accounts: nodig een administrator uit.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
              {c.accountList.map((a) => (
                <Box component="li" key={a.id} sx={{ py: 1, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}>
                  <Typography>{a.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {a.emailAddress} · {pharmacistTypeLabels[a.type as PharmacistType] ?? a.type} · {accountState(a)} · laatst ingelogd{' '}
                    {a.lastLoginAt ? formatDateTime(a.lastLoginAt) : 'nog niet'}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Section>
      </Box>
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
