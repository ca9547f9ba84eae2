import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { PharmacistService, type PharmacistDeps } from './pharmacists.service.js';

/** The Pharmacist calls: a customer's administrators manage its staff accounts; anyone else gets 403. */
export function registerPharmacistRoutes(app: FastifyInstance, deps: PharmacistDeps) {
  const pharmacists = new PharmacistService(deps);
  const adminOnly = { administratorOnly: true } as const;

  registerCall(app, calls.pharmacist.addPharmacist, ({ body, request }) => pharmacists.add(authOf(request), body, request.ip), adminOnly);
  registerCall(app, calls.pharmacist.getPharmacistById, ({ query, request }) => pharmacists.getById(authOf(request), query.AccountId), adminOnly);
  registerCall(app, calls.pharmacist.getPharmacistTable, ({ body, request }) => pharmacists.table(authOf(request), body), adminOnly);
  registerCall(app, calls.pharmacist.updatePharmacist, ({ body, request }) => pharmacists.update(authOf(request), body, request.ip), adminOnly);
  registerCall(
    app,
    calls.pharmacist.deletePharmacistById,
    ({ query, request }) => pharmacists.remove(authOf(request), query.Id, request.ip),
    adminOnly,
  );
}
