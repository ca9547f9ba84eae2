import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { feedback, type StaffListItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { formatDateTime } from '@/lib/format';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { staffListQueryOptions } from '../api/staff';
import { EditStaffDialog } from '../components/edit-staff-dialog';
import { InviteStaffDialog } from '../components/invite-staff-dialog';
import { staffFullName, staffState } from '../components/staff-labels';

/** Medewerkers (Beheerder): the provider's staff accounts, their roles and state; invite, change, switch off. */
export default function StaffRoute() {
  const session = useStaffSession();
  const list = useQuery(staffListQueryOptions());
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffListItem | null>(null);
  const notice = useNotice<string>();

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <PageHeading title={backofficePaths.staff.title} />
        <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setInviting(true)}>
          Medewerker uitnodigen
        </Button>
      </Box>
      {list.isPending ? (
        <LoadingState label="Medewerkers laden…" showLabel />
      ) : list.isError ? (
        <LoadFailed message={feedback.serverError} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={backofficePaths.staff.title} size="small">
            <TableHead>
              <TableRow>
                <TableCell>Naam</TableCell>
                <TableCell>E-mailadres</TableCell>
                <TableCell>Rol</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Laatst ingelogd</TableCell>
                <TableCell>
                  <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    Acties
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((staff) => (
                <TableRow key={staff.id}>
                  <TableCell>{staffFullName(staff)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{staff.emailAddress}</TableCell>
                  <TableCell>{staff.role}</TableCell>
                  <TableCell>{staffState(staff)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{staff.lastLoginAt ? formatDateTime(staff.lastLoginAt) : 'Nog niet'}</TableCell>
                  <TableCell>
                    <Button size="small" variant="outlined" onClick={() => setEditing(staff)} aria-label={`${staffFullName(staff)} wijzigen`}>
                      Wijzigen
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {inviting && (
        <InviteStaffDialog
          onClose={(email) => {
            setInviting(false);
            if (email) notice.show(`Er is een uitnodiging naar ${email} gestuurd.`);
          }}
        />
      )}
      {editing && (
        <EditStaffDialog
          staff={editing}
          isSelf={editing.id === session?.staff.id}
          onClose={(done) => {
            setEditing(null);
            if (done) notice.show(done);
          }}
        />
      )}
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
