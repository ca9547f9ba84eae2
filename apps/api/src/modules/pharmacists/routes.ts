import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { resendInvitation, resetColleagueTotp } from './colleague-access.js';
import { PharmacistService, type PharmacistDeps } from './pharmacists.service.js';

/** The Pharmacist calls: a customer's administrators manage its staff accounts; anyone else gets 403. */
export function registerPharmacistRoutes(app: FastifyInstance, deps: PharmacistDeps) {
  const pharmacists = new PharmacistService(deps);
  const adminOnly = { administratorOnly: true, tenant: true } as const;
  const adminReads = { administratorOnly: true, tenant: 'reads' } as const;
  const p = calls.pharmacist;
  registerCall(app, p.addPharmacist, ({ body, ...work }) => pharmacists.add(work, body), adminOnly);
  registerCall(app, p.getPharmacistById, ({ query, ...reading }) => pharmacists.getById(reading, query.AccountId), adminReads);
  registerCall(app, p.getPharmacistTable, ({ body, ...reading }) => pharmacists.table(reading, body), adminReads);
  registerCall(app, p.updatePharmacist, ({ body, ...work }) => pharmacists.update(work, body), adminOnly);
  registerCall(app, p.deletePharmacistById, ({ query, ...work }) => pharmacists.remove(work, query.Id), adminOnly);
  registerCall(app, p.resetColleagueTotp, ({ body, ...work }) => resetColleagueTotp(work, deps.auth, body.accountId), adminOnly);
  registerCall(app, p.resendInvitation, ({ body, ...work }) => resendInvitation(work, deps.auth, body.accountId), adminOnly);
}
