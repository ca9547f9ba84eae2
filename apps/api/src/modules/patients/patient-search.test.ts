import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, patientSearch, validation, type PatientSearchResult } from '@portal/contract';
import { facilities, patients } from '../../db/schema.js';
import { call, createAccount, createClient, createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let client: TestClient;
let other: TestClient;
let token: string;
let accountId: number;

async function addPatient(owner: TestClient, facilityId: number, firstName: string, namePrefix: string | null, lastName: string, birthDate: string) {
  const [row] = await ctx.database.ownerDb
    .insert(patients)
    .values({ clientId: owner.id, facilityId, firstName, namePrefix, lastName, birthDate })
    .returning({ id: patients.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createClient(ctx, 'Apotheek De Linde');
  other = await createClient(ctx, 'Zorggroep Het Baken');
  const account = await createAccount(ctx, client);
  accountId = account.id;
  token = (await login(ctx, account)).accessToken;
  const [zonnebloem] = await ctx.database.ownerDb
    .insert(facilities)
    .values({ clientId: client.id, name: 'Zonnebloem' })
    .returning({ id: facilities.id });
  const f = zonnebloem!.id;
  // createClient made 'Jan Jansen' (1940-05-01) in 'Afdeling A'.
  await addPatient(client, f, 'Anna', 'de', 'Vries', '1950-04-03');
  await addPatient(client, f, 'Éva', null, 'Çelik', '1962-11-20');
  await addPatient(client, f, 'Kees', 'van der', 'Berg', '1950-04-03');
  await addPatient(client, f, 'Piet', null, 'Jansen', '1931-04-03');
  await addPatient(client, f, 'Jan', null, 'Jansen', '1938-01-15');
  await addPatient(client, client.facilityId, 'Mieke', null, 'Zwart', '1950-12-31');
  await addPatient(client, f, 'Ölaf', null, 'Ångström', '1944-07-07');
  const [baken] = await ctx.database.ownerDb.insert(facilities).values({ clientId: other.id, name: 'Baken' }).returning({ id: facilities.id });
  await addPatient(other, baken!.id, 'Anna', 'de', 'Vries', '1950-04-03');
  await addPatient(other, baken!.id, 'Jan', null, 'Jansen', '1940-05-01');
});
afterAll(async () => {
  await ctx?.close();
});

const search = (text: unknown, bearer: string | null = token) =>
  call(ctx, calls.patient.searchPatients, { body: { search: text }, token: bearer ?? undefined });

async function found(text: string): Promise<PatientSearchResult[]> {
  const res = await search(text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PatientSearchResult[]>();
}
const names = async (text: string) => (await found(text)).map((p) => p.patientName);

describe('Patient/SearchPatients', () => {
  it('finds by part of a name, with name, birth date and department', async () => {
    const result = await found('vries');
    expect(result).toEqual([{ patientId: expect.any(Number), patientName: 'Anna de Vries', birthDate: '1950-04-03', facility: 'Zonnebloem' }]);
  });

  it('only ever answers the own customer\'s patients', async () => {
    const result = await found('jansen');
    expect(result.map((p) => p.patientName)).toEqual(['Jan Jansen', 'Jan Jansen', 'Piet Jansen']);
    const otherIds = (
      await ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where client_id = ${other.id}`)
    ).rows.map((r) => r.id);
    for (const p of await found('an')) expect(otherIds).not.toContain(p.patientId);
  });

  it('ignores accents and case', async () => {
    expect(await names('CELIK')).toEqual(['Éva Çelik']);
    expect(await names('eva')).toEqual(['Éva Çelik']);
    expect(await names('angstrom')).toEqual(['Ölaf Ångström']);
  });

  it('matches every part typed, in any order, and the whole name with its prefix', async () => {
    // 'jan' is part of 'Jansen' too.
    expect(await names('jan jansen')).toEqual(['Jan Jansen', 'Jan Jansen', 'Piet Jansen']);
    expect(await names('jan 1938')).toEqual(['Jan Jansen']);
    expect(await names('Jansen, Piet')).toEqual(['Piet Jansen']);
    expect(await names('kees van der berg')).toEqual(['Kees van der Berg']);
    expect(await names('% _')).toEqual([]);
  });

  it('finds by birth date as Dutch users type it', async () => {
    for (const text of ['3-4-1950', '03-04-1950', '1950-04-03', '3/4/1950', '03.04.1950']) {
      expect(await names(text), text).toEqual(['Kees van der Berg', 'Anna de Vries']);
    }
    expect(await names('03-04')).toEqual(['Kees van der Berg', 'Piet Jansen', 'Anna de Vries']);
    expect(await names('1950')).toEqual(['Kees van der Berg', 'Anna de Vries', 'Mieke Zwart']);
    expect(await names('jansen 3-4')).toEqual(['Piet Jansen']);
    expect(await names('31-02-1950')).toEqual([]);
  });

  it('orders by last name, first name (Dutch collation), birth date, id', async () => {
    // Å sorts with A (Dutch), the prefix does not count ('van der Berg' under B).
    const result = await found('an');
    expect(result.map((p) => p.patientName)).toEqual([
      'Ölaf Ångström',
      'Kees van der Berg',
      'Jan Jansen',
      'Jan Jansen',
      'Piet Jansen',
      'Anna de Vries',
    ]);
    // Two Jan Jansens: the older first.
    const jans = result.filter((p) => p.patientName === 'Jan Jansen').map((p) => p.birthDate);
    expect(jans).toEqual(['1938-01-15', '1940-05-01']);
  });

  it(`answers at most ${patientSearch.maxResults}, the first ones in order`, async () => {
    const [many] = await ctx.database.ownerDb.insert(facilities).values({ clientId: client.id, name: 'Veel' }).returning({ id: facilities.id });
    for (let n = 0; n < 40; n += 1) {
      await addPatient(client, many!.id, `Tester${String(n).padStart(2, '0')}`, null, 'Veelvoud', '1960-01-01');
    }
    const result = await found('veelvoud');
    expect(result).toHaveLength(patientSearch.maxResults);
    expect(result[0]!.patientName).toBe('Tester00 Veelvoud');
    expect(result.at(-1)!.patientName).toBe('Tester24 Veelvoud');
  });

  it('needs at least 2 characters (server-side too), and a token', async () => {
    for (const text of ['', 'a', '  b  ']) {
      expectFieldErrors(await search(text), 'search', [validation.patientSearchMinimum(patientSearch.minCharacters)]);
    }
    expectFieldErrors(await search(undefined), 'search', [validation.patientSearchMinimum(patientSearch.minCharacters)]);
    expectFieldErrors(await search('x'.repeat(101)), 'search', [validation.tooLong(100)]);
    expectProblem(await search('jansen', null), 401);
  });

  it('writes an audit row per search: who, when, the text, the patients shown', async () => {
    const result = await found('Piet');
    const rows = await ctx.database.ownerDb.execute<{
      action: string;
      account_id: number;
      client_id: string;
      patient_ids: number[];
      details: { query: string };
      at: Date;
    }>(sql`select action, account_id, client_id, patient_ids, details, at from audit_log where action = 'PatientSearch' order by id desc limit 1`);
    const row = rows.rows[0]!;
    expect(row).toMatchObject({ account_id: accountId, client_id: client.id, details: { query: 'Piet' } });
    expect(row.patient_ids).toEqual(result.map((p) => p.patientId));
    expect(Date.now() - new Date(row.at).getTime()).toBeLessThan(60_000);

    await found('niemand hier');
    const empty = await ctx.database.ownerDb.execute<{ patient_ids: number[] }>(
      sql`select patient_ids from audit_log where action = 'PatientSearch' order by id desc limit 1`,
    );
    expect(empty.rows[0]!.patient_ids).toEqual([]);
  });
});
