import { readFile } from 'node:fs/promises';
import { backofficeAuditCalls, backofficeText } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { linkFrom, waitForMail } from '../support/mail.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, sideMenu } from '../support/ui.js';
import { lookAtBothWidths, narrowPhone } from '../support/widths.js';
import { generate } from 'otplib';

test.describe('Beheer: staff accounts and the audit log', () => {
  test('a Beheerder invites a colleague, who chooses a password, sets up two-factor login and starts in the inbox', async ({ page, browser, request }, testInfo) => {
    const beheerder = await freshStaff(request, 'Beheerder', 'invite', 'Bram');
    await staffLoginViaApi(page, beheerder);
    const colleague = { email: `e2e.colleague.${Date.now().toString(36)}@mijnspits.example`, firstName: 'Noor', lastName: 'Visser' };

    await test.step('invite from Medewerkers', async () => {
      await page.goto('/beheer/medewerkers');
      await expectScreen(page, 'Medewerkers');
      await expect(page.getByRole('table', { name: 'Medewerkers' }).getByRole('row').filter({ hasText: beheerder.email })).toContainText('Actief');
      await expectNoSeriousA11yViolations(page, '/beheer/medewerkers');
      await page.getByRole('button', { name: 'Medewerker uitnodigen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Medewerker uitnodigen' });
      await field(dialog, 'E-mailadres').fill(colleague.email);
      await field(dialog, 'Voornaam').fill(colleague.firstName);
      await field(dialog, 'Achternaam').fill(colleague.lastName);
      await expectNoSeriousA11yViolations(page, 'invite dialog');
      await dialog.getByRole('button', { name: 'Uitnodigen' }).click();
      await expect(page.getByText(`Er is een uitnodiging naar ${colleague.email} gestuurd.`)).toBeVisible();
      const row = page.getByRole('table', { name: 'Medewerkers' }).getByRole('row').filter({ hasText: colleague.email });
      await expect(row).toContainText('Uitgenodigd');
      await saveScreen(page, testInfo, 'beheer-staff');
    });

    const other = await browser.newContext();
    const newcomer = await other.newPage();
    const password = 'Beheer#Wachtwoord9';
    await test.step('the colleague accepts the invitation from the mail', async () => {
      const mail = await waitForMail({ to: colleague.email, subject: 'Uw account voor Mijn Spits Beheer' });
      await newcomer.goto(linkFrom(mail, '/beheer/uitnodiging').toString());
      await expect(newcomer.getByRole('heading', { name: 'Uitnodiging aannemen' })).toBeVisible();
      await expectNoSeriousA11yViolations(newcomer, '/beheer/uitnodiging');
      await newcomer.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(password);
      await newcomer.getByRole('textbox', { name: 'Herhaal nieuw wachtwoord' }).fill(password);
      await newcomer.getByRole('button', { name: 'Wachtwoord instellen' }).click();
      await expect(newcomer.getByText('Uw wachtwoord is ingesteld.')).toBeVisible();
      await newcomer.getByRole('link', { name: 'Naar inloggen' }).first().click();
    });

    await test.step('the first login asks for two-factor set-up before anything else', async () => {
      await expect(newcomer.getByRole('heading', { name: 'Inloggen Beheer' })).toBeVisible();
      await expectNoSeriousA11yViolations(newcomer, '/beheer/login');
      await newcomer.getByRole('textbox', { name: 'E-mailadres' }).fill(colleague.email);
      await newcomer.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill(password);
      await newcomer.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await expect(newcomer).toHaveURL('/beheer/tweestapsverificatie');
      const secret = (await newcomer.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectNoSeriousA11yViolations(newcomer, '/beheer/tweestapsverificatie');
      await saveScreen(newcomer, testInfo, 'beheer-totp-setup');
      await newcomer.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
      await newcomer.getByRole('button', { name: 'Activeren en doorgaan' }).click();
      await expect(newcomer).toHaveURL('/beheer/inbox');
      await expect(sideMenu(newcomer).getByRole('link', { name: 'Klanten' })).toBeVisible();
      await expect(sideMenu(newcomer).getByRole('link', { name: 'Medewerkers' })).toHaveCount(0);
    });
    await other.close();

    await test.step('the Beheerder sees the colleague active', async () => {
      await page.reload();
      const row = page.getByRole('table', { name: 'Medewerkers' }).getByRole('row').filter({ hasText: colleague.email });
      await expect(row).toContainText('Actief');
    });
  });

  test('a Beheerder’s own row offers no two-factor reset and says why; a colleague’s row offers it', async ({ page, request }, testInfo) => {
    const beheerder = await freshStaff(request, 'Beheerder', 'own-totp', 'Bram');
    const colleague = await freshStaff(request, 'Kwaliteit', 'own-totp-colleague', 'Noor');
    await staffLoginViaApi(page, beheerder);
    await page.goto('/beheer/medewerkers');
    await expectScreen(page, 'Medewerkers');
    const table = page.getByRole('table', { name: 'Medewerkers' });
    await table.getByRole('row').filter({ hasText: beheerder.email }).getByRole('button', { name: 'Bram Beheerder wijzigen' }).click();
    const own = page.getByRole('dialog', { name: 'Bram Beheerder wijzigen' });
    await expect(own.getByText(backofficeText.ownTotp)).toBeVisible();
    await expect(own.getByRole('button', { name: 'Tweestapsverificatie resetten' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'own staff row dialog');
    await saveScreen(page, testInfo, 'beheer-staff-own-row');
    await own.getByRole('button', { name: 'Annuleren' }).click();
    await expect(own).toBeHidden();

    await table.getByRole('row').filter({ hasText: colleague.email }).getByRole('button', { name: 'Noor Kwaliteit wijzigen' }).click();
    const other = page.getByRole('dialog', { name: 'Noor Kwaliteit wijzigen' });
    await expect(other.getByRole('button', { name: 'Tweestapsverificatie resetten' })).toBeVisible();
    await expect(other.getByText(backofficeText.ownTotp)).toHaveCount(0);
  });

  test('the audit log reads as Dutch, with filters, and exports what is filtered', async ({ page, request, customer }, testInfo) => {
    const beheerder = await freshStaff(request, 'Beheerder', 'audit', 'Bram');
    await staffLoginViaApi(page, beheerder);
    await page.goto('/beheer/logboek');
    await expectScreen(page, 'Logboek');
    await page.getByRole('textbox', { name: 'Klant' }).fill(customer.code);
    await page.getByRole('button', { name: 'Filteren' }).click();
    const table = page.getByRole('table', { name: 'Logboek' });
    const activation = table.getByRole('row').filter({ hasText: 'Account geactiveerd' });
    await expect(activation).toHaveCount(1);
    await expect(activation).toContainText(customer.administrator.email);
    await expect(activation).toContainText('Klant, administrator');
    await expect(table).not.toContainText('AccountActivation');
    await expectNoSeriousA11yViolations(page, '/beheer/logboek');
    await saveScreen(page, testInfo, 'beheer-audit');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteren (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^logboek-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFTijdstip;')).toBe(true);
    expect(csv).toContain(';Account geactiveerd;');
    expect(csv).not.toContain('AccountActivation');
    expect(csv.split('\r\n').filter((line) => line && !line.includes(customer.code)).length).toBe(1);

    // The Beheerder's own reading of the log, chosen by its Dutch phrase: its filters as labelled fields.
    const filters = page.getByRole('search', { name: 'Logboek filteren' });
    await filters.getByRole('textbox', { name: 'Klant' }).fill('');
    await filters.getByRole('textbox', { name: 'Wie', exact: true }).fill(beheerder.email);
    await filters.getByRole('combobox', { name: 'Actie' }).selectOption({ label: 'Logboek bekeken' });
    await filters.getByRole('button', { name: 'Filteren' }).click();
    // Its reading filtered on the customer (a refetch may have read it twice).
    const reading = table.getByRole('row').filter({ hasText: `Klant: ${customer.code}` }).first();
    await expect(reading).toContainText('Logboek bekeken');
    await expect(reading).toContainText('Medewerker Mijn Spits, Beheerder');
    await expect(reading.getByRole('term').first()).toHaveText('Filters');
    await expectNoSeriousA11yViolations(page, '/beheer/logboek, filtered on an action');
    await saveScreen(page, testInfo, 'beheer-audit-action');
    // A period typed as a Dutch user writes a day (the browser's own date field would not take it): asked for as
    // YYYY-MM-DD and kept so in the address; the reading of today is in it.
    const year = new Date().getFullYear();
    const period = page.waitForResponse(
      (r) => new URL(r.url()).pathname === backofficeAuditCalls.getTable.path && (r.request().postDataJSON() as { from?: string }).from === `${year}-01-01`,
    );
    await filters.getByRole('textbox', { name: 'Van', exact: true }).fill(`01-01-${year}`);
    await filters.getByRole('textbox', { name: 'Tot en met', exact: true }).fill(`31-12-${year}`);
    await filters.getByRole('button', { name: 'Filteren' }).click();
    expect(((await period).request().postDataJSON() as { until?: string }).until).toBe(`${year}-12-31`);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${year}-01-01&until=${year}-12-31(&|$)`));
    await expect(reading).toContainText('Logboek bekeken');
    await lookAtBothWidths(page, testInfo, 'beheer-audit-period', filters, narrowPhone);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the rows are cards of a list, each field under its header.
    const card = page.getByRole('list', { name: 'Logboek' }).getByRole('listitem').filter({ hasText: `Klant: ${customer.code}` }).first();
    await expect(card).toContainText('Logboek bekeken');
    await expectNoSeriousA11yViolations(page, '/beheer/logboek on a phone');
    await saveScreen(page, testInfo, 'phone-beheer-audit-action');

    await filters.getByRole('button', { name: 'Wissen' }).click();
    await page.getByRole('textbox', { name: 'Klant' }).fill('bestaat-niet');
    await page.getByRole('button', { name: 'Filteren' }).click();
    await expect(page.getByText('Geen regels gevonden bij deze filters.')).toBeVisible();
  });
});
