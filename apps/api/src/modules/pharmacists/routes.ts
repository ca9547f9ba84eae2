import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { resendInvitation, resetColleagueTotp } from './colleague-access.js';
import { PharmacistService, type PharmacistDeps } from './pharmacists.service.js';

/** The Pharmacist calls: a customer's administrators manage its staff accounts; anyone else gets 403. */
export function registerPharmacistRoutes(portal: PortalDoor, deps: PharmacistDeps) {
  const pharmacists = new PharmacistService(deps);
  const p = calls.pharmacist;
  portal.call(p.addPharmacist, ({ body, ...work }) => pharmacists.add(work, body));
  portal.read(p.getPharmacistById, ({ query, ...reading }) => pharmacists.getById(reading, query.AccountId));
  portal.read(p.getPharmacistTable, ({ body, ...reading }) => pharmacists.table(reading, body));
  portal.call(p.updatePharmacist, ({ body, ...work }) => pharmacists.update(work, body));
  portal.call(p.deletePharmacistById, ({ query, ...work }) => pharmacists.remove(work, query.Id));
  portal.call(p.resetColleagueTotp, ({ body, ...work }) => resetColleagueTotp(work, deps.auth, body.accountId));
  portal.call(p.resendInvitation, ({ body, ...work }) => resendInvitation(work, deps.auth, body.accountId));
}
