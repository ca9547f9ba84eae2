import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDefinition } from '@portal/contract';
import { registerCall, type CallOptions, type CallRequest, type HandlerResult } from './http.js';
import { unauthorized } from './problems.js';
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
   * Checks the caller before the body is read: the token is of this door, its session live and its role (as it is
   * now) one of `roles`. Answers who calls; throws 401 or 403 (a problem document).
   */
  admit: (request: FastifyRequest, roles: readonly Role[], call: CallDefinition) => Promise<Principal>;
  /** A call's unit of work: one transaction for the principal, its audit rows and mail in it. */
  act: <T>(request: FastifyRequest, principal: Principal, act: (work: Work) => Promise<T>) => Promise<T>;
  /** A call that only reads: statements read-only for the principal, no audit rows and no mail. */
  read: <T>(request: FastifyRequest, principal: Principal, read: (reading: Reading) => Promise<T>) => Promise<T>;
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

  /** The guard of `call` (its roles), also for a route the kernel does not build (a streamed answer or body). */
  guard(call: CallDefinition) {
    const roles = this.kind.rolesOf(call);
    return async (request: FastifyRequest) => {
      this.principals.set(request, await this.kind.admit(request, roles, call));
    };
  }

  /** The door's unit of work for a request its guard admitted, where the route is built elsewhere. */
  act<T>(request: FastifyRequest, act: (work: Work) => Promise<T>): Promise<T> {
    return this.kind.act(request, this.principalOf(request), act);
  }

  /** A call that acts: its handler runs in the door's unit of work. */
  call<C extends CallDefinition>(call: C, handler: (input: CallRequest<C> & Work) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.register(call, options, (input) => this.act(input.request, (work) => handler({ ...input, ...work })));
  }

  /** A call that only reads. */
  read<C extends CallDefinition>(call: C, handler: (input: CallRequest<C> & Reading) => Promise<HandlerResult<C>>, options: Options = {}): void {
    this.register(call, options, (input) =>
      this.kind.read(input.request, this.principalOf(input.request), (reading) => handler({ ...input, ...reading })),
    );
  }

  /** A call whose flow keeps its own transactions: it is handed who calls. */
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
