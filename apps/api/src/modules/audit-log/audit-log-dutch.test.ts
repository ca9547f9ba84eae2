import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuditCalls, backofficeCustomerCalls, backofficeInboxCalls, type AuditRow, type TableResponse } from '@portal/contract';
import { call } from '../../test/harness.js';
import { insertSubmission, openInbox, type InboxWorld, type ItemRef } from '../inbox/test-support.js';

/*
 * Issue 30.9: the Logboek reads as Dutch for the provider's staff, in the CSV as on screen: actions as phrases,
 * objects by name, details as labelled fields; the stored rows keep their codes.
 */

let world: InboxWorld;
let question: ItemRef;

beforeAll(async () => {
  world = await openInbox();
  const { ctx, linde, staff } = world;
  // Received on New Year's Eve in the Netherlands: its reference keeps that year, whenever it is acted on.
  question = await insertSubmission(ctx, linde, 'NonFaqQuestion', { question: 'Wanneer komt de rol?' }, { createdAt: new Date('2025-12-31T22:30:00Z') });
  const status = await call(ctx, backofficeInboxCalls.setStatus, { token: staff.Klantenservice.token, body: { ...question, status: 'Processing' } });
  expect(status.statusCode, status.body).toBe(204);
  const read = await call(ctx, backofficeCustomerCalls.get, { token: staff.Beheerder.token, query: { Id: linde.id } });
  expect(read.statusCode, read.body).toBe(200);
});
afterAll(async () => {
  await world?.ctx.close();
});

const table = async (body: Record<string, unknown>) => {
  const res = await call(world.ctx, backofficeAuditCalls.getTable, { token: world.staff.Beheerder.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<AuditRow>>();
};

const csvOf = async (query: Record<string, string>) => {
  const res = await call(world.ctx, backofficeAuditCalls.export, { token: world.staff.Beheerder.token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
};

const reference = () => `AAN-2025-${String(question.id).padStart(6, '0')}`;

describe('the Logboek in Dutch', () => {
  it('exports actions as phrases, actors by kind and role, objects by name and details as labelled fields', async () => {
    const [header, ...lines] = await csvOf({ customer: world.linde.clientCode });
    expect(header).toBe('Tijdstip;Wie (soort);Wie;Actie;Resultaat;Klantcode;Klant;Patiënten;Object;Adres;Details');
    const status = lines.filter((line) => line.includes('Status van inbox-item gewijzigd'));
    expect(status).toHaveLength(1);
    const cells = status[0]!.split(';');
    expect(cells[1]).toBe('Medewerker Mijn Spits, Klantenservice');
    expect(cells[2]).toMatch(/^Karim /);
    expect(cells[4]).toBe('Gelukt');
    expect(cells[8]).toBe(reference());
    // The details' fields hold the CSV's separator, so the cell is quoted.
    expect(status[0]).toMatch(/;"Van: Nieuw; Naar: In behandeling"$/);
    const customerRead = lines.find((line) => line.includes(';Klant bekeken;'));
    expect(customerRead?.split(';')[8]).toBe(`Apotheek De Linde (${world.linde.clientCode})`);
    // The customer's own login: a customer's account by its type.
    expect(lines.find((line) => line.includes(';Ingelogd;'))?.split(';')[1]).toBe('Klant, administrator');
    // No code of the server's in what the staff read.
    expect(lines.filter((line) => /Backoffice\.|Staff\.|Integration\.|"\{/.test(line))).toEqual([]);
  });

  it('keeps the stored row as written and names the item in the table too', async () => {
    const [row] = (await table({ action: 'Backoffice.InboxStatus' })).items;
    expect(row).toMatchObject({ action: 'Backoffice.InboxStatus', objectType: 'FormSubmission', objectId: String(question.id), objectName: reference() });
    expect(JSON.parse(row!.details!)).toEqual({ from: 'New', to: 'Processing' });
  });

  it('filters on an action’s code exactly, and on a part of its Dutch phrase', async () => {
    const exact = await table({ action: 'Login' });
    expect(exact.total).toBeGreaterThan(0);
    expect(new Set(exact.items.map((r) => r.action))).toEqual(new Set(['Login']));
    const dutch = await table({ action: 'status van inbox' });
    expect(dutch.items.map((r) => r.action)).toEqual(['Backoffice.InboxStatus']);
    const searched = await table({ search: 'klant bekeken' });
    expect(searched.items.map((r) => r.action)).toContain('Backoffice.CustomerRead');
  });
});
