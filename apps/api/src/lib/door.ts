import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDefinition } from '@portal/contract';
import type { AuditEntry } from './audit.js';
import { registerCall, type CallOptions, type CallRequest, type HandlerResult } from './http.js';
import { HttpProblem, unauthorized } from './problems.js';
import { claimRefusal, refusalEntry, type RefusalTrail } from './refusals.js';
import type { IdempotencyOwner } from './submission-guard.js';

/**
 * What makes a door of the API (the customers' portal, the provider's back-office, the provider's systems):
 * who may come in, and what a call of theirs works in. Each door is one instance of `Door` over its kind.
 */
export interface DoorKind<Role extends string, Principal, Work, Reading> {
  /** the door's name, for its documents */
  name: string;
  /** The roles that may make `call`: those the contract declares with it, else every role of the door. */
  rolesOf: (call: CallDefinition) => readonly Role[];
  /**
   * Checks the caller before the body is read: the token is of this door and its session live (in the stage
   * `call` needs). Answers who calls; throws 401 (a problem document).
   */
  admit: (request: FastifyRequest, call: CallDefinition) => Promise<Principal>;
  /** Lets who calls make a call of `roles`: its role (as it is now) is one of them; throws 403 otherwise. */
  permit: (principal: Principal, roles: readonly Role[]) => void;
  /**
   * How the door keeps its refusals: each refused call (its guard's 401 or 403, or a refusal of its act the act did
   * not describe itself) leaves the kernel's row, `write` adding who was refused where known (null: not known).
   * Left out by a door whose own trail has every call, refused ones too (the integration door's).
   */
  refusals?: { trail: RefusalTrail; write: (entry: AuditEntry, principal: Principal | null) => Promise<void> };
  /** A call's unit of work: one transaction for the principal, its audit rows and mail in it. */
  act: <T>(request: FastifyRequest, principal: Principal, act: (work: Work) => Promise<T>) => Promise<T>;
  /** A call that only reads: statements read-only for the principal, no audit rows and no mail. */
  read: <T>(request: FastifyRequest, principal: Principal, read: (reading: Reading) => Promise<T>) => Promise<T>;
  /**
   * A call that reads at length (an export, a report, the audit log): one read-only transaction for the principal on
   * the read pool, a streaming replica's with DATABASE_READ_URL (decision 0093); the audit rows it names are written
   * on the primary after it. Left out by a door without such calls.
   */
  report?: <T>(request: FastifyRequest, principal: Principal, read: (reading: Reading) => Promise<T>) => Promise<T>;
  /** Who owns the Idempotency-Keys of the principal's submissions; left out: the customer's account of the request. */
  keyOwner?: (principal: Principal) => IdempotencyOwner;
}

/** A call as a door registered it: for its OpenAPI document. */
export interface DoorCall<Role extends string> {
  call: CallDefinition;
  /** the roles that may make it; null: without a token */
  roles: readonly Role[] | null;
}

interface Options extends Pick<CallOptions, 'config'> {
  /** an encapsulated scope of the door's own (the upload's, which alone parses multipart bodies) */
  scope?: FastifyInstance;
}

/**
 * A door and the calls declared on it. Every call is declared once in the contract, with the roles that may make
 * it, and registered here: the guard runs before the body is read, and the handler holds only its domain work,
 * in the door's unit of work (`call`), reading (`read`), or, for the few flows that keep their own transactions
 * (a login, an upload received before its transaction), with the caller alone (`admitted`).
 */
export class Door<Role extends string, Principal, Work, Reading> {
  readonly calls: DoorCall<Role>[] = [];
  private readonly principals = new WeakMap<FastifyRequest, Principal>();
  /** the call each guarded request asked for, for the row of a refusal of its act */
  private readonly asked = new WeakMap<FastifyRequest, CallDefinition>();

  constructor(
    /** the door's own encapsulated scope */
    readonly scope: FastifyInstance,
    private readonly kind: DoorKind<Role, Principal, Work, Reading>,
  ) {}

  /** Who a request admitted by this door's guard is; 401 where a route was not guarded. */
  principalOf(request: FastifyRequest): Principal {
    const principal = this.principals.get(request);
    if (principal === undefined) throw unauthorized();
    return principal;
  }

  /**
   * The guard of `call` (its roles), also for a route the kernel does not build (a streamed answer or body). A
   * refusal leaves its row, naming who was refused once the token told.
   */
  guard(call: CallDefinition) {
    const roles = this.kind.rolesOf(call);
    return async (request: FastifyRequest) => {
      this.asked.set(request, call);
      let principal: Principal | null = null;
      try {
        principal = await this.kind.admit(request, call);
        this.kind.permit(principal, roles);
      } catch (error) {
        await this.refused(request, error, principal);
        throw error;
      }
      this.principals.set(request, principal);
    };
  }

  /** The door's unit of work for a request its guard admitted, where the route is built elsewhere. */
  act<T>(request: FastifyRequest, act: (work: Work) => Promise<T>): Promise<T> {
    return this.refusing(request, () => this.kind.act(request, this.principalOf(request), act));
  }

  /** A call that acts: its handler runs in the door's unit of work. */
  call<C extends CallDefinition>(call: C, handler: (input: CallRequest<C> & Work) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.register(call, options, (input) => this.act(input.request, (work) => handler({ ...input, ...work })));
  }

  /** A call that only reads. */
  read<C extends CallDefinition>(call: C, handler: (input: CallRequest<C> & Reading) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.register(call, options, (input) =>
      this.refusing(input.request, () => this.kind.read(input.request, this.principalOf(input.request), (reading) => handler({ ...input, ...reading }))),
    );
  }

  /** A call that reads at length: see DoorKind.report. */
  report<C extends CallDefinition>(call: C, handler: (input: CallRequest<C> & Reading) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.register(call, options, (input) => this.reporting(input.request, (reading) => handler({ ...input, ...reading })));
  }

  /** `report` for a request its guard admitted, where the route is built elsewhere (a streamed file). */
  reporting<T>(request: FastifyRequest, read: (reading: Reading) => Promise<T>): Promise<T> {
    const { report } = this.kind;
    if (!report) throw new Error(`the ${this.kind.name} door has no calls that read at length`);
    return this.refusing(request, () => report(request, this.principalOf(request), read));
  }

  /** A call whose flow keeps its own transactions, and its own trail of what its act refuses: it is handed who calls. */
  admitted<C extends CallDefinition>(
    call: C,
    handler: (input: CallRequest<C> & { principal: Principal }) => Promise<HandlerResult<C>>,
    options: Options = {},
  ): void {
    this.register(call, options, (input) => handler({ ...input, principal: this.principalOf(input.request) }));
  }

  /** A call without a token (a login, a renewal, an invitation's acceptance). */
  open<C extends CallDefinition>(call: C, handler: (input: CallRequest<C>) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.calls.push({ call, roles: null });
    registerCall(options.scope ?? this.scope, call, handler, { config: options.config, guard: async () => undefined });
  }

  /** Names in the door's document a call whose route is built elsewhere (a streamed answer or body). */
  document(call: CallDefinition): void {
    this.calls.push({ call, roles: this.kind.rolesOf(call) });
  }

  /** Runs an admitted request's act (a unit of work or a read); a refusal of it leaves its row after the act has ended. */
  private async refusing<T>(request: FastifyRequest, answer: () => Promise<T>): Promise<T> {
    try {
      return await answer();
    } catch (error) {
      await this.refused(request, error, this.principals.get(request) ?? null);
      throw error;
    }
  }

  /** The row of a refusal (an HttpProblem) no row was written for yet, once the act's transaction has ended. */
  private async refused(request: FastifyRequest, error: unknown, principal: Principal | null): Promise<void> {
    const { refusals } = this.kind;
    const call = this.asked.get(request);
    if (!refusals || !call || !(error instanceof HttpProblem) || !claimRefusal(error)) return;
    await refusals.trail.write(request, refusalEntry(request, call, error), (entry) => refusals.write(entry, principal));
  }

  private register<C extends CallDefinition>(call: C, options: Options, answer: (input: CallRequest<C>) => Promise<HandlerResult<C>>): void {
    this.document(call);
    const { keyOwner } = this.kind;
    registerCall(options.scope ?? this.scope, call, answer, {
      config: options.config,
      guard: this.guard(call),
      ...(keyOwner ? { keyOwner: (request: FastifyRequest) => keyOwner(this.principalOf(request)) } : {}),
    });
  }
}
