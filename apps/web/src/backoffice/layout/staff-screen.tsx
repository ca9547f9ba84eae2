import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { backofficeText, type StaffRole } from '@portal/contract';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import type { RouteEntry } from '@/lib/paths';
import { mayOpen, rolesFor } from '../access';
import { useStaffSession } from '../lib/staff-session';
import { backofficePaths } from '../paths';

/**
 * A back-office screen, for the roles that may open it (issue 26.7). Anyone else, whether the address was typed
 * or the role changed since the menu was drawn (a refused call renews the session, which brings the role as it
 * is now), gets "Geen toegang" and which roles may: no data fetched, no buttons that would be refused.
 */
export function StaffScreen({ entry, page: Page }: { entry: RouteEntry; page: ComponentType }) {
  const role = useStaffSession()?.staff.role;
  if (!role) return null;
  return mayOpen(role, entry) ? <Page /> : <NoAccess entry={entry} role={role} />;
}

export function NoAccess({ entry, role }: { entry: RouteEntry; role: StaffRole }) {
  return (
    <>
      <PageHeading title={backofficeText.noAccessTitle} />
      <Typography sx={{ mb: 2 }}>{backofficeText.noAccess(entry.title, rolesFor(entry), role)}</Typography>
      <Link component={RouterLink} to={backofficePaths.inbox.path}>
        Naar de inbox
      </Link>
    </>
  );
}
