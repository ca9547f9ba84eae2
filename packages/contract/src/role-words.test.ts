import { describe, expect, it } from 'vitest';
import { auditActionLabels, auditActorKindText, staffRoles } from './backoffice/index.js';
import { pharmacistTypeLabels } from './calls/exports.js';
import { validation } from './messages.js';

/*
 * Issue 30.11: the customer's Administrator and the provider's staff role Beheerder are told apart. The
 * back-office shows both, so a customer's role never takes the name of a staff role.
 */
describe("the customer's administrator and the provider's Beheerder", () => {
  it("name the customer's account types as the spec does, never as a staff role", () => {
    expect(pharmacistTypeLabels).toEqual({ Administrator: 'Administrator', Employee: 'Medewerker' });
    for (const label of Object.values(pharmacistTypeLabels)) expect(staffRoles).not.toContain(label);
  });

  it('say administrator where the customer’s is meant, in its messages and in the Logboek', () => {
    expect(validation.cannotDemoteSelf).toBe('U kunt uw eigen administratorrechten niet intrekken');
    expect(validation.lastAdministrator).toBe('Er moet minimaal één actieve administrator overblijven');
    expect(auditActionLabels['Backoffice.CustomerInvite']).toBe('Administrator van klant uitgenodigd');
    expect(auditActorKindText({ actorKind: 'Customer', actorRole: 'Administrator' })).toBe('Klant, administrator');
    expect(auditActorKindText({ actorKind: 'Staff', actorRole: 'Beheerder' })).toBe('Medewerker Mijn Spits, Beheerder');
  });
});
