import type { ImperfectionVariant } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { appLoadingAttribute } from '@/lib/early-page';
import { paths, type RouteEntry } from '@/lib/paths';
import { RequireImperfectionVariant } from './guards/require-imperfection-variant';
import { RequireSession, requireSessionLoader, signedInAwayFromLogin } from './guards/require-session';
import { backofficeRoutes } from '@/backoffice/routes';
import { AuthLayout } from './layout/auth-layout';
import { NotFound, notFoundTitle } from './layout/not-found';
import { handleOf } from './route-handle';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';

type RouteModule = { default: ComponentType };

/** A page whose code is fetched when it is first visited; its title is known before that. */
function page(entry: RouteEntry, load: () => Promise<RouteModule>, index = false): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  return index ? { index: true, handle: handleOf(entry), lazy } : { path: entry.path, handle: handleOf(entry), lazy };
}

function imperfectionPage(variant: ImperfectionVariant, load: () => Promise<RouteModule>): RouteObject {
  const entry = paths.imperfectionReports[variant];
  return {
    path: entry.path,
    handle: handleOf(entry),
    element: <RequireImperfectionVariant variant={variant} />,
    children: [page(entry, load, true)],
  };
}

/** The route table of the product's screens. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootRoute,
      ErrorBoundary: RouteError,
      // Marked, so that the memos the page shows before the app stay while the first route's code comes.
      HydrateFallback: () => (
        <div {...{ [appLoadingAttribute]: '' }}>
          <LoadingState fullPage />
        </div>
      ),
      children: [
        {
          path: paths.auth.login.path,
          loader: signedInAwayFromLogin,
          Component: AuthLayout,
          children: [
            page(paths.auth.login, () => import('@/features/auth/routes/login'), true),
            page(paths.auth.resetPassword, () => import('@/features/auth/routes/reset-password')),
            page(paths.auth.resetPasswordUpdate, () => import('@/features/auth/routes/reset-password-update')),
            page(paths.auth.activate, () => import('@/features/auth/routes/activate-account')),
          ],
        },
        ...backofficeRoutes(),
        {
          loader: requireSessionLoader(queryClient),
          Component: RequireSession,
          children: [
            {
              lazy: async () => ({ Component: (await import('./layout/dashboard-layout')).default }),
              children: [
                page(paths.dashboard, () => import('./pages/dashboard'), true),
                page(paths.products, () => import('@/features/assortment/routes/assortment')),
                page(paths.packingOrders, () => import('@/features/packing-orders/routes/packing-orders')),
                page(paths.deliverySchedules, () => import('@/features/delivery-schedules/routes/delivery-schedules')),
                page(paths.invoices, () => import('@/features/invoices/routes/invoices')),
                page(paths.faq, () => import('@/features/faq/routes/faq')),
                page(paths.contact, () => import('@/features/contact/routes/contact')),
                page(paths.settings, () => import('@/features/settings/routes/settings')),
                page(paths.orders, () => import('@/features/service-product-orders/routes/orders')),
                page(paths.orderAdd, () => import('@/features/service-product-orders/routes/order-add')),
                page(paths.orderDetail, () => import('@/features/service-product-orders/routes/order-detail')),
                page(paths.myRequests, () => import('@/features/my-requests/routes/my-requests')),
                page(paths.pharmacists, () => import('@/features/pharmacists/routes/pharmacists')),
                page(paths.pharmacistAdd, () => import('@/features/pharmacists/routes/pharmacist-add')),
                page(paths.accessLog, () => import('@/features/access-log/routes/access-log')),
                page(paths.forms.requestOfflineAssortment, () => import('@/features/request-forms/routes/request-offline-assortment')),
                page(paths.forms.requestNewProduct, () => import('@/features/request-forms/routes/request-new-product')),
                page(paths.forms.requestPhoto, () => import('@/features/request-forms/routes/request-photo')),
                page(paths.forms.rollRequest, () => import('@/features/request-forms/routes/roll-request')),
                imperfectionPage('Basic', () => import('@/features/imperfection-reports/routes/report-imperfection')),
                imperfectionPage('Oosterwolde', () => import('@/features/imperfection-reports/routes/report-imperfection-oosterwolde')),
                imperfectionPage('Apeldoorn', () => import('@/features/imperfection-reports/routes/report-imperfection-apeldoorn')),
                imperfectionPage('Alkmaar', () => import('@/features/imperfection-reports/routes/report-imperfection-alkmaar')),
                { path: '*', handle: { title: notFoundTitle }, Component: NotFound },
              ],
            },
          ],
        },
      ],
    },
  ];
}
