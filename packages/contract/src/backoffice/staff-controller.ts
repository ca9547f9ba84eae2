import { BACKOFFICE_BASE, controller, type CallSpec, type DefinedCall } from '../define.js';

/** The provider's staff roles: who may make which back-office call. */
export const staffRoles = ['Beheerder', 'Klantenservice', 'Kwaliteit'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A back-office call as declared in its controller; `roles` only where it differs from the controller's. */
export interface StaffCallSpec extends CallSpec {
  roles?: readonly StaffRole[];
}

/** A back-office call with the staff roles that may make it. */
export type StaffCall<S extends CallSpec = CallSpec> = DefinedCall<S> & { readonly roles: readonly StaffRole[] };

/**
 * The calls of one back-office controller with the roles that may make each (issue 26.7). Declared here, once:
 * the door registers each call for these roles, its OpenAPI document names them, and the web app opens a screen
 * (and shows it in the menu) only to the roles that may make the call the screen opens with.
 */
export function staffController<const D extends Record<string, StaffCallSpec>>(
  name: string,
  roles: readonly StaffRole[],
  specs: D,
): { [K in keyof D]: StaffCall<D[K]> } {
  const defined = controller(name, specs, { base: BACKOFFICE_BASE }) as Record<string, DefinedCall<CallSpec>>;
  const withRoles: Record<string, StaffCall> = {};
  for (const [key, call] of Object.entries(defined)) withRoles[key] = { ...call, roles: specs[key]?.roles ?? roles };
  return withRoles as { [K in keyof D]: StaffCall<D[K]> };
}
