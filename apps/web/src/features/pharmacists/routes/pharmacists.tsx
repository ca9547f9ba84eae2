import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { tableDefaults, type Pharmacist, type PharmacistTableColumn } from '@portal/contract';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { paths } from '@/lib/paths';
import { getPharmacistTableQueryOptions } from '../api/get-pharmacist-table';
import { AdministratorsOnly } from '../components/administrators-only';
import { EditPharmacistDialog, type EditOutcome } from '../components/edit-pharmacist-dialog';
import { fullName, pharmacistTypeLabels, yesNo } from '../utils/pharmacist-labels';

const outcomeText = ({ kind, name }: EditOutcome) =>
  kind === 'saved' ? `De gegevens van ${name} zijn opgeslagen.` : `Het account van ${name} is verwijderd.`;

function PharmacistList() {
  const [editing, setEditing] = useState<number | null>(null);
  const outcome = useNotice<EditOutcome>();

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
      { field: 'isActive', header: 'Actief', noWrap: true, render: (row) => yesNo(row.isActive) },
      {
        id: 'edit',
        header: 'Wijzigen',
        render: (row) => (
          <Button size="small" variant="outlined" onClick={() => setEditing(row.accountId)} aria-label={`${fullName(row)} wijzigen`}>
            Wijzigen
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        label="Medewerkers"
        query={getPharmacistTableQueryOptions}
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
      <ScreenNotice open={outcome.open} onClose={outcome.hide} severity="success" autoHideDuration={6000}>
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
