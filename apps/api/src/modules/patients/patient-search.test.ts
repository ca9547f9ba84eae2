import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, patientSearch, validation, type PatientSearchResult } from '@portal/contract';
import { departments, patients } from '../../db/schema.js';
import { call, createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let client: TestCustomer;
let other: TestCustomer;
let token: string;
let accountId: number;

async function addPatient(owner: TestCustomer, departmentId: number, firstName: string, namePrefix: string | null, lastName: string, birthDate: string) {
  const [row] = await ctx.database.ownerDb
    .insert(patients)
    .values({ customerId: owner.id, departmentId, firstName, namePrefix, lastName, birthDate })
    .returning({ id: patients.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createCustomer(ctx, 'Apotheek De Linde');
  other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const account = await createAccount(ctx, client);
  accountId = account.id;
  token = (await login(ctx, account)).accessToken;
  const [zonnebloem] = await ctx.database.ownerDb
    .insert(departments)
    .values({ customerId: client.id, name: 'Zonnebloem' })
    .returning({ id: departments.id });
  const f = zonnebloem!.id;
  // createCustomer made 'Jan Jansen' (1940-05-01) in 'Afdeling A'.
  await addPatient(client, f, 'Anna', 'de', 'Vries', '1950-04-03');
  await addPatient(client, f, 'Éva', null, 'Çelik', '1962-11-20');
  await addPatient(client, f, 'Kees', 'van der', 'Berg', '1950-04-03');
  await addPatient(client, f, 'Piet', null, 'Jansen', '1931-04-03');
  await addPatient(client, f, 'Jan', null, 'Jansen', '1938-01-15');
  await addPatient(client, client.departmentId, 'Mieke', null, 'Zwart', '1950-12-31');
  await addPatient(client, f, 'Ölaf', null, 'Ångström', '1944-07-07');
  const [baken] = await ctx.database.ownerDb.insert(departments).values({ customerId: other.id, name: 'Baken' }).returning({ id: departments.id });
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
    for (const p of await found('jan')) expect(otherIds).not.toContain(p.patientId);
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

  it('two characters find a name part that is exactly them, not every name containing them', async () => {
    expect(await names('de')).toEqual(['Anna de Vries']);
    expect(await names('an')).toEqual([]);
    expect(await names('DE vries')).toEqual(['Anna de Vries']);
  });

  it('orders by last name, first name (Dutch collation), birth date, id', async () => {
    const [sorting] = await ctx.database.ownerDb.insert(departments).values({ customerId: client.id, name: 'Sortering' }).returning({ id: departments.id });
    await addPatient(client, sorting!.id, 'Sorteer', 'van der', 'Berg', '1950-01-01');
    await addPatient(client, sorting!.id, 'Sorteer', null, 'Ångström', '1950-01-01');
    await addPatient(client, sorting!.id, 'Sorteer', null, 'Aalbers', '1950-01-01');
    await addPatient(client, sorting!.id, 'Sorteer', null, 'Zwaan', '1950-01-01');
    // Å sorts with A (Dutch), the prefix does not count ('van der Berg' under B).
    expect(await names('sorteer')).toEqual([
      'Sorteer Aalbers',
      'Sorteer Ångström',
      'Sorteer van der Berg',
      'Sorteer Zwaan',
    ]);
    // Two Jan Jansens: the older first, then Piet.
    const result = await found('jansen');
    expect(result.map((p) => [p.patientName, p.birthDate])).toEqual([
      ['Jan Jansen', '1938-01-15'],
      ['Jan Jansen', '1940-05-01'],
      ['Piet Jansen', '1931-04-03'],
    ]);
  });

  it(`answers at most ${patientSearch.maxResults}, the first ones in order`, async () => {
    const [many] = await ctx.database.ownerDb.insert(departments).values({ customerId: client.id, name: 'Veel' }).returning({ id: departments.id });
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
