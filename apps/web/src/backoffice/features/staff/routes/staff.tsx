import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Button from '@mui/material/Button';
import { feedback, type StaffListItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { staffListQueryOptions } from '../api/staff';
import { EditStaffDialog } from '../components/edit-staff-dialog';
import { InviteStaffDialog } from '../components/invite-staff-dialog';
import { StaffList } from '../components/staff-list';

/** Medewerkers (Beheerder): the provider's staff accounts, their roles and state; invite, change, switch off. */
export default function StaffRoute() {
  const session = useStaffSession();
  const list = useQuery(staffListQueryOptions());
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffListItem | null>(null);
  const notice = useNotice<string>();

  return (
    <>
      <PageHeading
        title={backofficePaths.staff.title}
        action={
          <Button variant="contained" startIcon={<PersonAddAlt />} onClick={() => setInviting(true)}>
            Medewerker uitnodigen
          </Button>
        }
      />
      {list.isPending ? (
        <LoadingState label="Medewerkers laden…" showLabel />
      ) : list.isError ? (
        <LoadFailed message={feedback.serverError} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <StaffList staff={list.data} onEdit={setEditing} />
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
