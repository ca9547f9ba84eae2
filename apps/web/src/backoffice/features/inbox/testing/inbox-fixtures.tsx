import {
  backofficeInboxCalls as calls,
  backofficeInboxQueueCalls,
  backofficeInboxViewCalls,
  backofficeStaffCalls,
  type InboxDetail,
  type InboxRow,
  type StaffRole,
  type StaffSession,
} from '@portal/contract';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { jsonResponse, stubRoutes, type Routes, type StubRequest } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { setStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import InboxItemRoute from '../routes/inbox-item';
import InboxRoute from '../routes/inbox';

/** A staff member of `role` signed in to the back-office. */
export function signInStaff(role: StaffRole = 'Klantenservice'): StaffSession {
  const session: StaffSession = {
    accessToken: 'staff-access',
    refreshToken: 'staff-refresh',
    needsTotpSetup: false,
    staff: { id: 7, emailAddress: 'karim@mijnspits.test', firstName: 'Karim', middleName: null, lastName: 'Bakker', role },
  };
  setStaffSession(session);
  return session;
}

/** One back-office screen at its path for a signed-in staff member, with the pages it links to. */
export function openStaffRoute(routes: { path: string; Component: ComponentType }[], url: string, role: StaffRole = 'Klantenservice') {
  signInStaff(role);
  const user = userEvent.setup();
  return { ...renderRoutes(routes, url), user };
}

/** The inbox's list at `url` (its own path unless given), with the items it links to. */
export const openInbox = (url: string = backofficePaths.inbox.path, role?: StaffRole) =>
  openStaffRoute(
    [
      { path: backofficePaths.inbox.path, Component: InboxRoute },
      { path: backofficePaths.inboxItem.path, Component: InboxItemRoute },
    ],
    url,
    role,
  );

/** The bodies of the calls made to `path` so far, oldest first. */
export const bodiesOf = (server: { requests: (path?: string) => StubRequest[] }, path: string) => server.requests(path).map((request) => request.body as Record<string, unknown>);

export const colleagues = [
  { id: 7, name: 'Karim Bakker', role: 'Klantenservice' as const },
  { id: 8, name: 'Kees de Vries', role: 'Kwaliteit' as const },
  { id: 9, name: 'Bea Jansen', role: 'Beheerder' as const },
];

export const rollRow: InboxRow = {
  itemKind: 'Submission',
  id: 41,
  kind: 'ImmediateProduct',
  customerId: '6f1c1c8e-1111-4a4a-8a8a-000000000001',
  clientCode: 'APO-1001',
  clientName: 'Apotheek De Linde',
  submitterName: 'Sanne Pieters',
  submitterEmail: 'sanne@delinde.test',
  patientId: 5,
  patientName: 'Anaïs Bakker',
  receivedAt: '2026-03-02T09:15:00.000Z',
  status: 'New',
  statusChangedAt: null,
  assigneeId: null,
  assigneeName: null,
  dueAt: '2026-03-10T23:00:00.000Z',
  dueFrom: 'receiveDate',
  overdue: false,
};

export const orderRow: InboxRow = {
  ...rollRow,
  itemKind: 'ServiceOrder',
  id: 12,
  kind: 'ServiceOrder',
  customerId: '6f1c1c8e-2222-4a4a-8a8a-000000000002',
  clientCode: 'ZRG-2001',
  clientName: 'Zorggroep Het Baken',
  submitterName: 'Ruben Smit',
  patientId: null,
  patientName: null,
  receivedAt: '2026-03-01T08:00:00.000Z',
  status: 'Processing',
  assigneeId: 9,
  assigneeName: 'Bea Jansen',
  dueAt: '2026-03-06T08:00:00.000Z',
  dueFrom: 'serviceTime',
  overdue: true,
};

export const rollDetail: InboxDetail = {
  itemKind: 'Submission',
  id: 41,
  kind: 'ImmediateProduct',
  status: 'New',
  receivedAt: '2026-03-02T09:15:00.000Z',
  statusChangedAt: null,
  client: { id: rollRow.customerId, clientCode: 'APO-1001', name: 'Apotheek De Linde' },
  submitter: { name: 'Sanne Pieters', emailAddress: 'sanne@delinde.test' },
  assignee: null,
  patient: { patientId: 5, patientName: 'Anaïs Bakker', birthDate: '1940-05-01', facility: 'Afdeling Zon' },
  fields: [
    { label: 'Afdeling', value: 'Afdeling Zon' },
    { label: 'Soort rol', value: 'Vakantierol' },
    { label: 'Startdatum', value: '9 maart 2026' },
  ],
  order: null,
  dueAt: '2026-03-10T23:00:00.000Z',
  dueFrom: 'receiveDate',
  overdue: false,
  attachments: [
    { fileId: 'a0000000-0000-4000-8000-000000000001', fileName: 'zakje.png', mediaType: 'image/png', sizeBytes: 2048, isImage: true },
    { fileId: 'a0000000-0000-4000-8000-000000000002', fileName: 'rollen week 12.pdf', mediaType: 'application/pdf', sizeBytes: 3_500_000, isImage: false },
  ],
  history: [
    {
      id: 'received',
      at: '2026-03-02T09:15:00.000Z',
      event: 'Received',
      staffName: null,
      fromStatus: null,
      toStatus: 'New',
      assigneeName: null,
      subject: null,
      body: null,
      mailedTo: null,
      customerName: null,
      via: null,
      files: [],
    },
    {
      id: '3',
      at: '2026-03-02T10:00:00.000Z',
      event: 'Note',
      staffName: 'Bea Jansen',
      fromStatus: null,
      toStatus: null,
      assigneeName: null,
      subject: null,
      body: 'Apotheek gebeld over het bestand.',
      mailedTo: null,
      customerName: null,
      via: null,
      files: [],
    },
  ],
};

/** The staff calls every inbox screen makes besides its own: the colleagues and the menu's count. */
export const commonRoutes: Routes = {
  [backofficeStaffCalls.colleagues.path]: () => jsonResponse(colleagues),
  [calls.getNewCount.path]: () => jsonResponse({ count: 3 }),
  // The queue tools (issue 30.5): no views yet, nothing new, no neighbours.
  [backofficeInboxViewCalls.list.path]: () => jsonResponse([]),
  [backofficeInboxQueueCalls.countSince.path]: () => jsonResponse({ count: 0, asOf: '2026-03-02T10:00:00.000Z' }),
  [backofficeInboxQueueCalls.getNeighbours.path]: () => jsonResponse({ previous: null, next: null, position: null, total: 0 }),
};

export function stubInbox(routes: Routes) {
  return stubRoutes({ ...commonRoutes, ...routes });
}
