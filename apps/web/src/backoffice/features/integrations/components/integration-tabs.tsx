import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { webhookScreenText } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { LinkTabs } from '@/components/link-tabs';
import { PageHeading } from '@/components/page-heading';
import type { RouteEntry } from '@/lib/paths';
import { mayOpen } from '../../../access';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths as p } from '../../../paths';
import { isFailing, webhookEndpointsQueryOptions } from '../api/webhooks';

/** Koppelingen's parts, each a route of its own: a part is added here as a tab, beside the others. */
const tabs: readonly RouteEntry[] = [p.importRuns, p.webhooks];

/** How many endpoints fail: the Webhooks tab names it, so that it is seen from the other tab too. */
function useFailingEndpoints(webhooksShown: boolean): number {
  // Without the endpoints (loading, or failed) the tab is named plainly; the tab itself says what went wrong.
  const endpoints = useQuery({ ...webhookEndpointsQueryOptions, enabled: webhooksShown }).data;
  return endpoints?.filter(isFailing).length ?? 0;
}

/** Koppelingen: its heading, a tab per part the staff member may open, and the open part. */
export function IntegrationsFrame({ action, children }: { action?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const role = useStaffSession()?.staff.role;
  const open = tabs.filter((tab) => role !== undefined && mayOpen(role, tab));
  const current = open.find((tab) => matchPath({ path: tab.path, end: false }, pathname));
  const failing = useFailingEndpoints(open.includes(p.webhooks));
  return (
    <>
      <PageHeading title={p.integrations.title} action={action} />
      <LinkTabs
        label={p.integrations.title}
        current={current?.path}
        tabs={open.map((tab) =>
          tab === p.webhooks && failing > 0
            ? { to: tab.path, label: webhookScreenText.tab(failing), icon: <ErrorOutline fontSize="small" />, color: 'error.main' }
            : { to: tab.path, label: tab.title },
        )}
        sx={{ mb: 3 }}
      />
      {children}
    </>
  );
}
