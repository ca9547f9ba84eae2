import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { accounts, clients, facilities, patients } from '../db/schema.js';
import { encryptSecret } from '../lib/crypto.js';
import { hashPassword } from '../lib/passwords.js';

/** Demo data only: every demo account shares this password, and the TOTP account this secret. */
export const DEMO_PASSWORD = 'Medicijnrol#2026';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface DemoAccount {
  emailAddress: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  pharmacistType: 'Administrator' | 'Employee';
  totp?: boolean;
}

interface DemoClient {
  clientCode: string;
  name: string;
  kind: 'Pharmacy' | 'CareInstitution';
  facilities: string[];
  accounts: DemoAccount[];
}

export const demoClients: DemoClient[] = [
  {
    clientCode: 'APO-1001',
    name: 'Apotheek De Linde',
    kind: 'Pharmacy',
    facilities: ['Thuiszorg Noord', 'Thuiszorg Zuid', 'Woonzorgcentrum De Es'],
    accounts: [
      { emailAddress: 'beheer@apotheekdelinde.example', firstName: 'Sanne', middleName: 'de', lastName: 'Vries', pharmacistType: 'Administrator' },
      { emailAddress: 'assistent@apotheekdelinde.example', firstName: 'Thomas', lastName: 'Bakker', pharmacistType: 'Employee' },
    ],
  },
  {
    clientCode: 'ZRG-2001',
    name: 'Zorggroep Het Baken',
    kind: 'CareInstitution',
    facilities: ['Afdeling Duinzicht', 'Afdeling Zeeroos', 'Afdeling Helmgras', 'Kleinschalig Wonen De Vuurtoren'],
    accounts: [
      { emailAddress: 'beheer@hetbaken.example', firstName: 'Fatima', middleName: 'el', lastName: 'Amrani', pharmacistType: 'Administrator', totp: true },
      { emailAddress: 'verpleging@hetbaken.example', firstName: 'Joost', middleName: 'van', lastName: 'Dijk', pharmacistType: 'Employee' },
    ],
  },
];

const firstNames = ['Johanna', 'Cornelis', 'Maria', 'Hendrik', 'Wilhelmina', 'Jan', 'Geertruida', 'Pieter', 'Anna', 'Willem',
  'Elisabeth', 'Gerrit', 'Catharina', 'Jacobus', 'Aaltje', 'Dirk', 'Hendrika', 'Klaas', 'Grietje', 'Bernardus', 'Fenna', 'Sjoerd',
  'Trijntje', 'Jelle', 'Zeynep', 'Mohamed', 'Ingrid', 'Hüseyin', 'Renée', 'Chloë'];
const lastNames: [string | null, string][] = [[null, 'Jansen'], ['de', 'Jong'], [null, 'Visser'], ['van den', 'Berg'], [null, 'Smit'],
  ['de', 'Boer'], [null, 'Mulder'], ['van', 'Leeuwen'], [null, 'Dekker'], [null, 'Brouwer'], ['de', 'Graaf'], [null, 'Hoekstra'],
  ['van der', 'Meer'], [null, 'Bos'], [null, 'Vos'], ['van', 'Wijk'], [null, 'Kok'], [null, 'Peters'], [null, 'Hendriks'],
  ['van', 'Beek'], [null, 'Yilmaz'], [null, 'Öztürk'], [null, 'Gerritsen'], ['ter', 'Horst']];

/** A small deterministic generator, so the demo looks the same on every machine. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function shouldSeed(database: Database, mode: 'auto' | 'true' | 'false', embedded: boolean): Promise<boolean> {
  if (mode === 'false' || (mode === 'auto' && !embedded)) return false;
  const result = await database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from clients`);
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** Fills an empty database with the demo customers, their departments, patients and accounts. */
export async function seedDemoData(database: Database, options: { totpKey: Buffer }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const random = rng(20261121);
  await database.ownerDb.transaction(async (tx) => {
    for (const demo of demoClients) {
      const [client] = await tx
        .insert(clients)
        .values({ clientCode: demo.clientCode, name: demo.name, kind: demo.kind })
        .returning({ id: clients.id });
      if (!client) throw new Error('demo client not created');
      const facilityRows = await tx
        .insert(facilities)
        .values(demo.facilities.map((name) => ({ clientId: client.id, name })))
        .returning({ id: facilities.id });
      const patientRows = [];
      for (const facility of facilityRows) {
        for (let i = 0; i < 12; i += 1) {
          const [prefix, last] = lastNames[Math.floor(random() * lastNames.length)] ?? [null, 'Jansen'];
          const year = 1928 + Math.floor(random() * 60);
          const month = 1 + Math.floor(random() * 12);
          const day = 1 + Math.floor(random() * 28);
          patientRows.push({
            clientId: client.id,
            facilityId: facility.id,
            firstName: firstNames[Math.floor(random() * firstNames.length)] ?? 'Jan',
            namePrefix: prefix,
            lastName: last,
            birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
          });
        }
      }
      await tx.insert(patients).values(patientRows);
      await tx.insert(accounts).values(
        demo.accounts.map((a) => ({
          clientId: client.id,
          emailAddress: a.emailAddress,
          firstName: a.firstName,
          middleName: a.middleName ?? null,
          lastName: a.lastName,
          pharmacistType: a.pharmacistType,
          isActive: true,
          passwordHash,
          passwordChangedAt: new Date(),
          totpEnabled: a.totp === true,
          totpSecret: a.totp ? encryptSecret(DEMO_TOTP_SECRET, options.totpKey) : null,
        })),
      );
    }
  });
}

/** The demo logins, printed at start while the demo accounts exist. */
export async function demoBanner(database: Database, publicUrl: string): Promise<string | null> {
  const emails = demoClients.flatMap((c) => c.accounts.map((a) => a.emailAddress));
  const result = await database.ownerDb.execute<{ email_address: string }>(
    sql`select email_address from accounts where email_address in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`,
  );
  if (result.rows.length === 0) return null;
  const lines = [
    '',
    `Mijn Spits draait op ${publicUrl}`,
    '',
    `Demo-logins (wachtwoord voor allemaal: ${DEMO_PASSWORD})`,
  ];
  for (const demo of demoClients) {
    for (const a of demo.accounts) {
      const extra = a.totp ? `  (2FA aan; TOTP-sleutel ${DEMO_TOTP_SECRET})` : '';
      lines.push(`  ${a.emailAddress.padEnd(36)} ${a.pharmacistType.padEnd(14)} ${demo.name}${extra}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
