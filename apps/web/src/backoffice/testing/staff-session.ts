import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { renderRoutes } from '@/testing/render-routes';
import type { StaffRole, StaffSession } from '@portal/contract';
import { setStaffSession } from '../lib/staff-session';

/** A back-office session of `role` (tokens are opaque to the web app). */
export function staffTestSession(role: StaffRole, overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    accessToken: `access-${role}`,
    refreshToken: `refresh-${role}`,
    staff: { id: 7, emailAddress: 'sanne@mijnspits.example', firstName: 'Sanne', middleName: 'de', lastName: 'Boer', role },
    needsTotpSetup: false,
    ...overrides,
  };
}

export function logInStaff(role: StaffRole, overrides: Partial<StaffSession> = {}): StaffSession {
  const session = staffTestSession(role, overrides);
  setStaffSession(session);
  return session;
}

/** Back-office pages rendered with a staff session of `role`, as a user drives them. */
export function openStaffPages(routes: { path: string; Component: ComponentType }[], url: string, role: StaffRole = 'Klantenservice') {
  logInStaff(role);
  const user = userEvent.setup();
  return { ...renderRoutes(routes, url), user };
}
