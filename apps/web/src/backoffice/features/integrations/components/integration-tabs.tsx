import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import type { RouteEntry } from '@/lib/paths';
import { mayOpen } from '../../../access';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths as p } from '../../../paths';

/** Koppelingen's parts, each a route of its own: a part is added here as a tab, beside the others. */
const tabs: readonly RouteEntry[] = [p.importRuns];

/** Koppelingen: its heading, a tab per part the staff member may open, and the open part. */
export function IntegrationsFrame({ action, children }: { action?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const role = useStaffSession()?.staff.role;
  const open = tabs.filter((tab) => role !== undefined && mayOpen(role, tab));
  const current = open.find((tab) => matchPath({ path: tab.path, end: false }, pathname));
  return (
    <>
      <PageHeading title={p.integrations.title} action={action} />
      <Tabs value={current?.path ?? false} aria-label={p.integrations.title} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {open.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.title} component={RouterLink} to={tab.path} />
        ))}
      </Tabs>
      {children}
    </>
  );
}
