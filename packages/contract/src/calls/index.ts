import type { CallDefinition } from '../define.js';
import { accountCalls } from './account.js';
import { authenticationCalls } from './authentication.js';

export * from './account.js';
export * from './authentication.js';

/** Every call of spec section 7, grouped by controller. */
export const calls = {
  account: accountCalls,
  authentication: authenticationCalls,
} as const;

export const allCalls: CallDefinition[] = Object.values(calls).flatMap(
  (group) => Object.values(group) as CallDefinition[],
);
