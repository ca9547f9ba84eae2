import type { AuthData } from '@portal/contract';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { renderRoutes } from './render-routes';
import { logIn } from './session';

export interface OpenRouteOptions {
  /** Who is logged in, over the test session's user. */
  userInfo?: Partial<AuthData['userInfo']>;
  /** The pages the screen links to, so that a test can follow a link or a redirect there. */
  linked?: RouteObject[];
}

/**
 * One screen at its path for a logged-in user, and the user that drives it: the set-up of nearly every screen
 * test, so that a test starts with what it is about.
 */
export function openRoute(Component: ComponentType, path: string, options: OpenRouteOptions = {}) {
  logIn(options.userInfo);
  const user = userEvent.setup();
  return { ...renderRoutes([{ path, Component }, ...(options.linked ?? [])], path), user };
}
