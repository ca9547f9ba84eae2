import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from '@/app/layout/auth-layout';
import { NotFound, notFoundTitle } from '@/app/layout/not-found';
import { handleOf } from '@/app/route-handle';
import type { RouteEntry } from '@/lib/paths';
import { backofficePaths as p } from './paths';

type RouteModule = { default: ComponentType };

function page(entry: RouteEntry, load: () => Promise<RouteModule>): RouteObject {
  return { path: entry.path, handle: handleOf(entry), lazy: async () => ({ Component: (await load()).default }) };
}

/** A page in the back-office's frame: shown to the roles that may open it, "Geen toegang" to the others. */
function screen(entry: RouteEntry, load: () => Promise<RouteModule>): RouteObject {
  return {
    path: entry.path,
    handle: handleOf(entry),
    lazy: async () => {
      // StaffScreen comes with the frame (fetched for every screen anyway): the roles it checks are read from every
      // back-office controller of the contract, which the entry, and so the customer's login page, has no use for.
      const [{ StaffScreen }, page] = await Promise.all([import('./layout/backoffice-layout'), load()]);
      return { element: <StaffScreen entry={entry} page={page.default} /> };
    },
  };
}

/**
 * The back-office's routes under /beheer (issue 12): its own login, invitation and two-factor set-up screens,
 * then the pages in its own frame. Every page is a lazy chunk: a customer never loads any of them.
 */
export function backofficeRoutes(): RouteObject[] {
  return [
    {
      Component: AuthLayout,
      children: [
        page(p.login, () => import('./features/auth/routes/staff-login')),
        page(p.invitation, () => import('./features/auth/routes/accept-invitation')),
        page(p.totpSetup, () => import('./features/auth/routes/totp-setup')),
      ],
    },
    {
      path: p.home.path,
      handle: handleOf(p.home),
      lazy: async () => ({ Component: (await import('./layout/backoffice-layout')).default }),
      children: [
        { index: true, element: <Navigate to={p.inbox.path} replace /> },
        screen(p.inbox, () => import('./features/inbox/routes/inbox')),
        screen(p.inboxItem, () => import('./features/inbox/routes/inbox-item')),
        screen(p.reporting, () => import('./features/reporting/routes/reporting')),
        screen(p.customers, () => import('./features/customers/routes/customers')),
        screen(p.customerAdd, () => import('./features/customers/routes/customer-add')),
        screen(p.customerDetail, () => import('./features/customers/routes/customer-detail')),
        screen(p.memos, () => import('./features/content/routes/memos')),
        screen(p.faq, () => import('./features/content/routes/faq')),
        screen(p.contact, () => import('./features/content/routes/contact')),
        screen(p.serviceProducts, () => import('./features/content/routes/service-products')),
        screen(p.savedReplies, () => import('./features/content/routes/saved-replies')),
        screen(p.staff, () => import('./features/staff/routes/staff')),
        screen(p.audit, () => import('./features/audit/routes/audit-log')),
        screen(p.ownSettings, () => import('./features/own-settings/routes/own-settings')),
        { path: p.integrations.path, handle: handleOf(p.integrations), element: <Navigate to={p.importRuns.path} replace /> },
        screen(p.importRuns, () => import('./features/integrations/routes/import-runs')),
        screen(p.importRun, () => import('./features/integrations/routes/import-run')),
        screen(p.webhooks, () => import('./features/integrations/routes/webhooks')),
        { path: '*', handle: { title: notFoundTitle }, element: <NotFound home={{ to: p.inbox.path, label: 'Naar de inbox' }} /> },
      ],
    },
  ];
}
