import type { StaffRole } from '@portal/contract';
import type { Db } from '../db/database.js';
import { staffAccounts } from '../db/schema.js';
import { encryptSecret } from '../lib/crypto.js';

/**
 * The provider's demo staff (issue 12): one account per role, each with the demo password and a two-factor key
 * of its own (printed at start), so that the back-office can be tried at once. Demo data only.
 */
export const demoStaff: readonly { emailAddress: string; firstName: string; middleName?: string; lastName: string; role: StaffRole; totpSecret: string }[] = [
  { emailAddress: 'beheerder@mijnspits.example', firstName: 'Bram', lastName: 'Hoekstra', role: 'Beheerder', totpSecret: 'BEHEERDERDEMOMIJNSPITSBEHEERDEMO' },
  { emailAddress: 'klantenservice@mijnspits.example', firstName: 'Sanne', middleName: 'de', lastName: 'Boer', role: 'Klantenservice', totpSecret: 'KLANTENSERVICEDEMOMIJNSPITSKLANT' },
  { emailAddress: 'kwaliteit@mijnspits.example', firstName: 'Ilse', lastName: 'Kuipers', role: 'Kwaliteit', totpSecret: 'KWALITEITDEMOMIJNSPITSKWALITEITD' },
];

export async function seedDemoStaff(tx: Db, passwordHash: string, totpKey: Buffer): Promise<void> {
  await tx.insert(staffAccounts).values(
    demoStaff.map((s) => ({
      emailAddress: s.emailAddress,
      firstName: s.firstName,
      middleName: s.middleName ?? null,
      lastName: s.lastName,
      role: s.role,
      passwordHash,
      totpSecret: encryptSecret(s.totpSecret, totpKey),
    })),
  );
}

/** The banner's lines of the demo staff, while they exist. */
export async function demoStaffLines(db: Db, publicUrl: string): Promise<string[]> {
  const existing = new Set((await db.select({ email: staffAccounts.emailAddress }).from(staffAccounts)).map((r) => r.email));
  const present = demoStaff.filter((s) => existing.has(s.emailAddress));
  if (present.length === 0) return [];
  return [
    '',
    `Beheer (medewerkers van Mijn Spits) op ${publicUrl}/beheer, zelfde wachtwoord, tweestapsverificatie verplicht:`,
    ...present.map((s) => `  ${s.emailAddress.padEnd(36)} ${s.role.padEnd(14)} TOTP-sleutel ${s.totpSecret}`),
  ];
}
