import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { pharmacistTypeLabels, tableDefaults, yesNo, type Pharmacist, type PharmacistTableColumn, exportCalls } from '@portal/contract';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { paths } from '@/lib/paths';
import { getPharmacistTableQueryOptions } from '../api/get-pharmacist-table';
import { AdministratorsOnly } from '../components/administrators-only';
import { EditPharmacistDialog, type EditOutcome } from '../components/edit-pharmacist-dialog';
import { ResendInvitationButton } from '../components/resend-invitation-button';
import { fullName } from '../utils/pharmacist-labels';

type Outcome = EditOutcome | { kind: 'invited'; name: string; emailAddress: string } | { kind: 'failed'; text: string };

const outcomeText = (outcome: Outcome) => {
  switch (outcome.kind) {
    case 'saved':
      return `De gegevens van ${outcome.name} zijn opgeslagen.`;
    case 'deleted':
      return `Het account van ${outcome.name} is verwijderd.`;
    case 'totpReset':
      return `De tweestapsverificatie van ${outcome.name} is uitgezet. ${outcome.name} zet die bij het volgende inloggen opnieuw aan.`;
    case 'invited':
      return `Er is een nieuwe uitnodiging gestuurd naar ${outcome.emailAddress}. De vorige link werkt niet meer.`;
    case 'failed':
      return outcome.text;
  }
};

function PharmacistList() {
  const [editing, setEditing] = useState<number | null>(null);
  const outcome = useNotice<Outcome>();
  const { show } = outcome;

  const columns = useMemo<DataTableColumn<Pharmacist, PharmacistTableColumn>[]>(
    () => [
      { field: 'accountId', header: 'Nummer', noWrap: true, align: 'right' },
      {
        field: 'emailAddress',
        header: 'E-mailadres',
        // Long addresses break anywhere, so that the last columns stay in view beside the menu.
        render: (row) => <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{row.emailAddress}</Box>,
      },
      { field: 'firstName', header: 'Voornaam' },
      { field: 'middleName', header: 'Tussenvoegsel' },
      { field: 'lastName', header: 'Achternaam' },
      { field: 'pharmacistType', header: 'Type', noWrap: true, render: (row) => pharmacistTypeLabels[row.pharmacistType] },
      // Invited and not activated yet is not the same as switched off.
      { field: 'isActive', header: 'Actief', noWrap: true, render: (row) => (row.invited ? 'Uitgenodigd' : yesNo(row.isActive)) },
      {
        id: 'edit',
        header: 'Wijzigen',
        render: (row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button size="small" variant="outlined" onClick={() => setEditing(row.accountId)} aria-label={`${fullName(row)} wijzigen`}>
              Wijzigen
            </Button>
            {row.invited && (
              <ResendInvitationButton
                pharmacist={row}
                onOutcome={(failure) =>
                  show(failure === null ? { kind: 'invited', name: fullName(row), emailAddress: row.emailAddress } : { kind: 'failed', text: failure })
                }
              />
            )}
          </Box>
        ),
      },
    ],
    [show],
  );

  return (
    <>
      <DataTable
        label="Medewerkers"
        query={getPharmacistTableQueryOptions}
        exportCall={exportCalls.pharmacists}
        columns={columns}
        defaults={tableDefaults.pharmacists}
        emptyText="Geen medewerkers gevonden..."
        searchable
        searchHint="Zoek op naam, e-mailadres of type"
        rowKey={(row) => String(row.accountId)}
      />
      {editing !== null && (
        <EditPharmacistDialog
          accountId={editing}
          onClose={(result) => {
            setEditing(null);
            if (result) outcome.show(result);
          }}
        />
      )}
      <ScreenNotice
        open={outcome.open}
        onClose={outcome.hide}
        severity={outcome.value?.kind === 'failed' ? 'error' : 'success'}
        autoHideDuration={6000}
      >
        {outcome.value && outcomeText(outcome.value)}
      </ScreenNotice>
    </>
  );
}

/** Medewerkers: the accounts of the own organisation, for its administrators. */
export default function PharmacistsRoute() {
  return (
    <AdministratorsOnly title={paths.pharmacists.title}>
      <PageHeading
        title={paths.pharmacists.title}
        link={{ to: paths.pharmacistAdd.path, label: 'Toevoegen', icon: <PersonAddAlt />, variant: 'contained' }}
      />
      <PharmacistList />
    </AdministratorsOnly>
  );
}
