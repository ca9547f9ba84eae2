import type { FastifyInstance } from 'fastify';
import { backofficeAuthCalls as authCalls, backofficeStaffCalls as staffCalls, type DeploymentProfileName } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { registerCall } from '../../lib/http.js';
import { BackofficeDoor } from './door.js';
import { backofficeOpenApi } from './openapi.js';
import { StaffAccountService } from './staff-accounts.js';
import { StaffInvitations } from './staff-invitations.js';
import { StaffTeam } from './staff-team.js';
import { StaffTokens } from './staff-tokens.js';
import { everyStaffRole, staffOf, StaffWork } from './staff-work.js';

export interface BackofficeDeps {
  db: Db;
  jwtSecret: string;
  totpKey: Buffer;
  publicUrl: string;
  addressLimit: number;
  mailQueued: () => void;
  serviceMailAddress: string;
  qualityMailAddress: string;
  clock: () => Date;
  /** the deployment's profile: the site of a customer without one of its own */
  defaultProfile: DeploymentProfileName;
}

/** A part of the back-office (inbox, content, customers, audit log) registering its calls at the door. */
export type BackofficeModule = (door: BackofficeDoor, deps: BackofficeDeps) => void;

/**
 * The back-office door (issue 12): `/api/backoffice/<Controller>/<Action>`, for the provider's staff. Its own
 * encapsulated scope, left out of the portal's OpenAPI document; its own tokens (audience `backoffice`).
 */
export async function registerBackofficeRoutes(app: FastifyInstance, deps: BackofficeDeps, modules: readonly BackofficeModule[]) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    const tokens = new StaffTokens(deps.jwtSecret);
    const accounts = new StaffAccountService({
      db: deps.db,
      tokens,
      totpKey: deps.totpKey,
      addressLimit: deps.addressLimit,
    });
    const invitations = new StaffInvitations({ db: deps.db, publicUrl: deps.publicUrl, addressLimit: deps.addressLimit });
    const door = new BackofficeDoor(scope, new StaffWork({ db: deps.db, mailQueued: deps.mailQueued }), { tokens, accounts });

    registerCall(scope, authCalls.login, ({ body, request }) => accounts.login({ ...body, address: request.ip }));
    registerCall(scope, authCalls.refresh, ({ body, request }) => accounts.refresh(body.refreshToken, request.ip));
    registerCall(scope, authCalls.acceptInvitation, async ({ body, request }) => {
      await invitations.accept({ token: body.token, password: body.password, address: request.ip });
      deps.mailQueued();
    });
    const setup = { guard: door.guard(everyStaffRole, { setupStage: true }) };
    registerCall(scope, authCalls.logout, ({ request }) => accounts.logout(staffOf(request).claims, request.ip), setup);
    registerCall(scope, authCalls.totpSetup, ({ request }) => accounts.totpSetup(staffOf(request).claims), setup);
    registerCall(scope, authCalls.totpEnable, ({ body, request }) => accounts.totpEnable(staffOf(request).claims, { ...body, address: request.ip }), setup);

    const team = new StaffTeam(invitations);
    door.call(staffCalls.list, (work) => team.list(work));
    door.call(staffCalls.invite, ({ body, ...work }) => team.invite(work, body));
    door.call(staffCalls.update, ({ body, ...work }) => team.update(work, body));
    door.call(staffCalls.resetTotp, ({ body, ...work }) => team.resetTotp(work, body.id));
    door.call(staffCalls.resendInvitation, ({ body, ...work }) => team.resendInvitation(work, body.id));
    door.call(staffCalls.colleagues, (work) => team.colleagues(work));

    for (const register of modules) register(door, deps);
    for (const call of [authCalls.login, authCalls.refresh, authCalls.acceptInvitation]) door.document(call, null);
    for (const call of [authCalls.logout, authCalls.totpSetup, authCalls.totpEnable]) door.document(call, everyStaffRole);
    scope.get('/api/backoffice/docs', async () => backofficeOpenApi(door.documented));
  });
}
