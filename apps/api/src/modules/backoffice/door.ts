import type { FastifyInstance } from 'fastify';
import type { CallDefinition, StaffRole } from '@portal/contract';
import { registerCall, type CallRequest, type HandlerResult } from '../../lib/http.js';
import type { DocumentedCall } from './openapi.js';
import type { StaffAccountService } from './staff-accounts.js';
import type { StaffTokens } from './staff-tokens.js';
import { staffGuard, type StaffUnitOfWork, type StaffWork } from './staff-work.js';

export type StaffCallRequest<C extends CallDefinition> = CallRequest<C> & StaffUnitOfWork;

/**
 * The back-office door as its modules see it (architecture: three doors): each registers its calls, which the
 * contract declares with the roles that may make them; the door checks the token, the session and the role, and runs the handler in
 * one transaction of the staff role.
 */
export class BackofficeDoor {
  /** every call registered at the door, for its OpenAPI document */
  readonly documented: DocumentedCall[] = [];

  constructor(
    /** the door's own encapsulated scope: its routes are left out of the portal's OpenAPI document */
    readonly scope: FastifyInstance,
    readonly work: StaffWork,
    private readonly auth: { tokens: StaffTokens; accounts: StaffAccountService },
  ) {}

  /** Names in the door's document a call registered otherwise (anonymous auth calls, a streamed download). */
  document(call: CallDefinition, roles: readonly StaffRole[] | null): void {
    this.documented.push({ call, roles });
  }

  guard(roles: readonly StaffRole[], options: { setupStage?: boolean } = {}) {
    return staffGuard(this.auth, roles, options);
  }

  /**
   * A call of the contract's back-office part, for the roles the contract gives it (the web app shows its screens
   * to the same roles), acting in the staff unit of work.
   */
  call<C extends CallDefinition & { roles: readonly StaffRole[] }>(call: C, handler: (input: StaffCallRequest<C>) => Promise<HandlerResult<C>>): void {
    this.documented.push({ call, roles: call.roles });
    registerCall(this.scope, call, (input) => this.work.run(input.request, (work) => handler({ ...input, ...work })), {
      guard: this.guard(call.roles),
    });
  }
}
