import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  accessLogCalls,
  authData,
  backofficeAuthCalls,
  backofficeInboxCalls,
  calls,
  exportCalls,
  sessionStorageKey,
  staffSession,
  submissionReceipt,
  type AuthData,
  type PatientSearchResult,
} from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff } from '../support/backoffice.js';
import { horizontalOverflow } from '../support/customers.js';
import { ProviderSystem } from '../support/integration.js';
import { dutchDay } from '../support/request-forms.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { TotpCodes } from '../support/totp.js';
import { expectScreen, sideMenu } from '../support/ui.js';
import { lookAtBothWidths, narrowPhone } from '../support/widths.js';

test.describe('Inzage logboek', () => {
  test('an administrator with two-factor login sees who exported what, filters the log and exports it', async ({ page, request, customer }, testInfo) => {
    const admin = customer.administrator;
    // Two-factor login on for the administrator, through the API as the settings screen does it.
    const plain = authData.parse(await (await request.post(calls.authentication.loginWithCredentials.path, { data: { emailAddress: admin.email, password: admin.password } })).json());
    const bearer = { authorization: `Bearer ${plain.accessToken}` };
    const codes = await twoFactorOn(request, admin, plain.accessToken);

    // An act to find in the log: the staff list exported, by the session without a second factor.
    expect((await request.post(exportCalls.pharmacists.path, { headers: bearer, data: { format: 'Csv' } })).status()).toBe(200);

    // That session may not read the log: it began without the second factor.
    await loginViaSession(page, plain);
    await page.goto('/access-log');
    await expectScreen(page, 'Inzage logboek');
    await expect(page.getByText(/Log uit en log opnieuw in met uw verificatiecode/)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    // Logged in with a code, it may.
    const login = await request.post(calls.authentication.loginWithTotp.path, { data: { emailAddress: admin.email, password: admin.password, pin: await codes.next() } });
    expect(login.status(), await login.text()).toBe(200);
    const page2 = await page.context().newPage();
    await loginViaSession(page2, authData.parse(await login.json()));
    await page2.goto('/access-log');
    await expectScreen(page2, 'Inzage logboek');
    const table = page2.getByRole('table', { name: 'Inzage logboek' });
    const exported = table.getByRole('row').filter({ hasText: 'Tabel geëxporteerd' });
    await expect(exported).toHaveCount(1);
    await expect(exported).toContainText(`Lotte Beheerder${admin.email}`);
    await expect(exported).toContainText('Medewerkers als CSV, 1 rij');
    await saveScreen(page2, testInfo, 'desktop-access-log');
    await expectNoSeriousA11yViolations(page2, 'the access log');

    // Filters: an action that did not happen shows none; the export's action shows it again.
    const read = (filter: (body: Record<string, unknown>) => boolean) =>
      page2.waitForResponse((r) => r.url().endsWith(accessLogCalls.getAccessLogTable.path) && filter(r.request().postDataJSON() as Record<string, unknown>));
    await page2.getByRole('combobox', { name: 'Actie' }).selectOption({ label: 'Patiënt gezocht' });
    const none = read((body) => body.action === 'PatientSearch');
    await page2.getByRole('button', { name: 'Filteren' }).click();
    await none;
    await expect(page2.getByText('Geen handelingen gevonden...')).toBeVisible();
    await saveScreen(page2, testInfo, 'desktop-access-log-empty');

    await page2.getByRole('combobox', { name: 'Actie' }).selectOption({ label: 'Tabel geëxporteerd' });
    await page2.getByRole('textbox', { name: 'Medewerker' }).fill(admin.email);
    const some = read((body) => body.action === 'TableExport' && body.staffMember === admin.email);
    await page2.getByRole('button', { name: 'Filteren' }).click();
    await some;
    await expect(table.getByRole('row').filter({ hasText: 'Tabel geëxporteerd' })).toHaveCount(1);

    // A period long past holds none of it; without the period the row is back.
    // Typed as a Dutch user writes a day (the browser's own date field would not take it), asked for as YYYY-MM-DD.
    await page2.getByLabel('Van', { exact: true }).fill('01-01-2000');
    await page2.getByLabel('Tot en met', { exact: true }).fill('31-12-2000');
    const past = read((body) => body.from === '2000-01-01' && body.until === '2000-12-31' && body.action === 'TableExport');
    await page2.getByRole('button', { name: 'Filteren' }).click();
    await past;
    await expect(page2).toHaveURL(/[?&]from=2000-01-01&until=2000-12-31(&|$)/);
    await expect(page2.getByText('Geen handelingen gevonden...')).toBeVisible();
    await expect(page2.getByLabel('Van', { exact: true })).toHaveValue('01-01-2000');
    await lookAtBothWidths(page2, testInfo, 'access-log-period', page2.getByRole('search', { name: 'Logboek filteren' }), narrowPhone);
    await page2.getByLabel('Van', { exact: true }).fill('');
    await page2.getByLabel('Tot en met', { exact: true }).fill('');
    // The filters of before: the screen may answer from what it read then, so the test waits for the row.
    await page2.getByRole('button', { name: 'Filteren' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Tabel geëxporteerd' })).toHaveCount(1);
    await expect(page2.getByText('Geen handelingen gevonden...')).toHaveCount(0);

    // The log's export holds the filtered rows.
    const download = page2.waitForEvent('download');
    await page2.getByRole('button', { name: 'Exporteren', exact: true }).click();
    await page2.getByRole('menuitem', { name: /CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^inzage-logboek-\d{4}-\d{2}-\d{2}\.csv$/);
    await file.saveAs(testInfo.outputPath('log.csv'));
    const lines = (await readFile(testInfo.outputPath('log.csv'), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Tijdstip;Medewerker;E-mailadres;Actie;Gelukt;Patiënten;Omschrijving;Adres');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('Tabel geëxporteerd;Ja;;Medewerkers als CSV, 1 rij');

    // At phone width, the screen fits.
    await page2.setViewportSize({ width: 390, height: 844 });
    await expect(page2.getByRole('button', { name: 'Filteren' })).toBeVisible();
    expect(await horizontalOverflow(page2)).toBeLessThanOrEqual(0);
    await saveScreen(page2, testInfo, 'phone-access-log');
  });

  test("the provider's staff reading and its system writing the customer's patient are in the log, at desktop and phone width", async ({ page, request, customer }, testInfo) => {
    const admin = customer.administrator;
    // The provider's system brings the customer a department and a patient: a write of the patient, logged.
    const erp = await ProviderSystem.connect(request, `ERP ${customer.code}`);
    await erp.send('departments', [{ customer: customer.code, key: 'AFD-1', name: 'Afdeling Korenbloem' }]);
    await erp.send('patients', [{ customer: customer.code, key: 'PAT-1', department: 'AFD-1', firstName: 'Gerda', lastName: 'Inzage', birthDate: '1939-04-12' }]);

    // The customer asks for rolls for her; Klantenservice of the provider opens the request.
    const plain = authData.parse(await (await request.post(calls.authentication.loginWithCredentials.path, { data: { emailAddress: admin.email, password: admin.password } })).json());
    const bearer = { authorization: `Bearer ${plain.accessToken}` };
    const [patient] = (await (await request.post(calls.patient.searchPatients.path, { headers: bearer, data: { search: 'Inzage' } })).json()) as PatientSearchResult[];
    const filed = await request.post(calls.forms.requestImmediateProduct.path, {
      headers: { ...bearer, 'Idempotency-Key': randomUUID() },
      data: {
        patientId: patient!.patientId,
        department: patient!.facility,
        extraScrollIsHolidayScroll: false,
        startDate: dutchDay(10).iso,
        amountOfDays: 7,
        sendDate: dutchDay(6).iso,
        receiveDate: dutchDay(8).iso,
        receiveReturnCall: false,
      },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const { submissionId } = submissionReceipt.parse(await filed.json());
    const staff = await freshStaff(request, 'Klantenservice', 'access-log', 'Karim');
    const session = staffSession.parse(
      await (await request.post(backofficeAuthCalls.login.path, { data: { emailAddress: staff.email, password: staff.password, pin: await staff.totp.next() } })).json(),
    );
    const opened = await request.get(`${backofficeInboxCalls.getItem.path}?ItemKind=Submission&Id=${submissionId}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(opened.status(), await opened.text()).toBe(200);

    // The administrator, logged in with two-factor login, reads who touched the patient.
    const codes = await twoFactorOn(request, admin, plain.accessToken);
    const login = await request.post(calls.authentication.loginWithTotp.path, { data: { emailAddress: admin.email, password: admin.password, pin: await codes.next() } });
    expect(login.status(), await login.text()).toBe(200);
    await loginViaSession(page, authData.parse(await login.json()));
    await page.goto(`/access-log?patient=${encodeURIComponent('Gerda Inzage')}`);
    await expectScreen(page, 'Inzage logboek');
    const table = page.getByRole('table', { name: 'Inzage logboek' });
    const read = table.getByRole('row').filter({ hasText: 'Aanvraag bekeken' });
    await expect(read).toHaveCount(1);
    await expect(read).toContainText('Medewerker van Spits MedicatieKarim Klantenservice');
    await expect(read).toContainText('Gerda Inzage (12-04-1939)');
    await expect(read.getByRole('cell').first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const written = table.getByRole('row').filter({ hasText: 'Patiëntgegevens bijgewerkt' });
    await expect(written).toContainText(`Koppeling van Spits MedicatieERP ${customer.code}`);
    await expect(written).toContainText('Gerda Inzage (12-04-1939)');
    await expect(table.getByRole('row').filter({ hasText: 'Formulier verstuurd' })).toContainText(`Lotte Beheerder${admin.email}`);
    await saveScreen(page, testInfo, 'desktop-access-log-provider');
    await expectNoSeriousA11yViolations(page, "the access log with the provider's acts");

    // At phone width the rows are a list of cards: the staff member's read is one of them, and the page fits.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('list', { name: 'Inzage logboek' }).getByRole('listitem').filter({ hasText: 'Aanvraag bekeken' });
    await expect(card).toContainText('Medewerker van Spits MedicatieKarim Klantenservice');
    await card.scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'phone-access-log-provider');
    await expectNoSeriousA11yViolations(page, "the access log with the provider's acts at phone width");
  });

  test('an administrator without two-factor login is asked to turn it on; an employee has no such screen', async ({ page, browser, demoAdministratorLogin }) => {
    void demoAdministratorLogin;
    await page.goto('/access-log');
    await expectScreen(page, 'Inzage logboek');
    await expect(page.getByText(/Zet tweestapsverificatie eerst aan onder Beveiliging/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the access log without two-factor login');
    await expect(sideMenu(page).getByRole('link', { name: 'Inzage logboek' })).toBeVisible();
    await page.getByRole('link', { name: 'Naar Beveiliging' }).click();
    await expectScreen(page, 'Instellingen');

    const context = await browser.newContext();
    const employee = await context.newPage();
    await loginViaApi(employee, demo.employee.email, demo.password);
    await employee.goto('/');
    await expectScreen(employee, 'Dashboard');
    await expect(sideMenu(employee).getByRole('link', { name: 'Bestellingen' })).toBeVisible();
    await expect(sideMenu(employee).getByRole('link', { name: 'Inzage logboek' })).toHaveCount(0);
    await context.close();
  });
});

/** Turns two-factor login on for an account through the API, as the settings screen does it: its codes from then on. */
async function twoFactorOn(request: APIRequestContext, account: { email: string; password: string }, accessToken: string): Promise<TotpCodes> {
  const bearer = { authorization: `Bearer ${accessToken}` };
  const setup = await (await request.post(calls.account.getTotpSetupCode.path, { headers: bearer })).json();
  const codes = new TotpCodes(String(setup.manualEntryKey).replace(/\s/g, ''));
  const enabled = await request.post(calls.account.enableTotp.path, { headers: bearer, data: { currentPassword: account.password, verificationPin: await codes.next() } });
  expect(enabled.status(), await enabled.text()).toBeLessThan(300);
  return codes;
}

/** Puts a session in the web app's storage before its first page, as loginViaApi does for a password login. */
async function loginViaSession(page: Page, session: AuthData) {
  await page.addInitScript(
    ({ key, value }) => {
      if (!window.sessionStorage.getItem('e2e.session-seeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e.session-seeded', '1');
      }
    },
    { key: sessionStorageKey, value: JSON.stringify(session) },
  );
}
