import type { FastifyInstance } from 'fastify';
import { backofficeAuthCalls as authCalls, backofficeStaffCalls as staffCalls } from '@portal/contract';
import { backofficeDoor, type BackofficeDeps, type BackofficeModule } from '../../doors/backoffice.js';
import { backofficeOpenApi } from './openapi.js';
import { StaffAccountService } from './staff-accounts.js';
import { StaffInvitations } from './staff-invitations.js';
import { StaffTeam } from './staff-team.js';
import { StaffTokens } from './staff-tokens.js';
import { StaffWork } from './staff-work.js';
import { countedLogin } from '../../lib/observability/plugin.js';

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
    const work = new StaffWork({ db: deps.db, readDb: deps.readDb, mailQueued: deps.mailQueued });
    const door = backofficeDoor(scope, { db: deps.db, tokens, accounts, work, refusals: deps.refusals });

    const team = new StaffTeam(invitations);
    door.call(staffCalls.list, (work) => team.list(work));
    door.call(staffCalls.invite, ({ body, ...work }) => team.invite(work, body));
    door.call(staffCalls.update, ({ body, ...work }) => team.update(work, body));
    door.call(staffCalls.resetTotp, ({ body, ...work }) => team.resetTotp(work, body.id));
    door.call(staffCalls.resendInvitation, ({ body, ...work }) => team.resendInvitation(work, body.id));
    door.call(staffCalls.colleagues, (work) => team.colleagues(work));
    for (const register of modules) register(door, deps);

    door.open(authCalls.login, ({ body, request }) => countedLogin(request, 'backoffice', accounts.login({ ...body, address: request.ip })));
    door.open(authCalls.refresh, ({ body, request }) => accounts.refresh(body.refreshToken, request.ip));
    door.open(authCalls.acceptInvitation, async ({ body, request }) => {
      await invitations.accept({ token: body.token, password: body.password, address: request.ip });
      deps.mailQueued();
    });
    // The set-up stage's own calls: open to a session whose two-factor login is still being set up.
    door.admitted(authCalls.logout, ({ principal, request }) => accounts.logout(principal.claims, request.ip));
    door.admitted(authCalls.totpSetup, ({ principal }) => accounts.totpSetup(principal.claims));
    door.admitted(authCalls.totpEnable, ({ principal, body, request }) => accounts.totpEnable(principal.claims, { ...body, address: request.ip }));
    scope.get('/api/backoffice/docs', async () => backofficeOpenApi(door.calls));
  });
}
