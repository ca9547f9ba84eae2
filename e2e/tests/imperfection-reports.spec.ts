import type { Page } from '@playwright/test';
import { feedback, validation } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { providerMailOf } from '../support/mail.js';
import { startProfileServer, type ProfileServer } from '../support/profile-server.js';
import {
  chooseOption,
  choosePatient,
  choosePhoto,
  expectNoSidewaysScroll,
  shot,
  openCalendar,
  typeInPicker,
} from '../support/report-forms.js';
import { dutchDay } from '../support/request-forms.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen, field, sideMenu, fieldMessage } from '../support/ui.js';

const routes = {
  Basic: '/forms/reportImperfection',
  Oosterwolde: '/forms/reportImperfectionInceptionOosterwolde',
  Apeldoorn: '/forms/reportImperfectionInceptionApeldoorn',
  Alkmaar: '/forms/reportImperfectionInceptionAlkmaar',
} as const;

/** Where the server sends the reports: its QUALITY_MAIL_ADDRESS, which the e2e run leaves at its default. */
const qualityMailAddress = 'kwaliteit@mijnspits.nl';
const title = 'Melding onvolkomenheden';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openReport(page: Page, url: string): Promise<void> {
  await loginViaApi(page, demo.employee.email, demo.password);
  await page.goto(url);
  await expectScreen(page, title);
  await expect(page.getByRole('heading', { name: 'Uw melding' })).toBeVisible();
}

/** The imperfection entries of the side menu's Formulieren group: label and address. */
async function imperfectionMenuEntries(page: Page): Promise<{ label: string; href: string | null }[]> {
  const group = sideMenu(page).getByRole('button', { name: 'Formulieren' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const links = sideMenu(page).getByRole('link', { name: /^Melding onvolkomenheden/ });
  await expect(links.first()).toBeVisible();
  return Promise.all((await links.all()).map(async (link) => ({ label: (await link.textContent()) ?? '', href: await link.getAttribute('href') })));
}

/** Runs `body` against a second API process of the same portal with another deployment profile. */
async function withProfile(profile: 'apeldoorn' | 'alkmaar' | 'basic', port: number, body: (server: ProfileServer) => Promise<void>) {
  const server = await startProfileServer(profile, port);
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

test.describe('Melding onvolkomenheden', () => {
  test('Oosterwolde (standaardprofiel): de klacht met foto komt bij de kwaliteitsafdeling aan, met een link in plaats van patiënt en foto', async ({ page }, testInfo) => {
    const marker = `e2e-oosterwolde-${unique()}`;
    await openReport(page, routes.Oosterwolde);
    await expect(field(page, 'Batchnummer')).toHaveValue('M0');
    await expect(page.getByRole('combobox', { name: 'Klachttype' })).toBeDisabled();
    await shot(page, testInfo, 'oosterwolde-empty');
    await expectNoSeriousA11yViolations(page, 'Oosterwolde, leeg');

    await page.getByRole('button', { name: 'Klacht indienen' }).click();
    for (const message of [
      validation.discovererRequired,
      validation.imperfectionAboutRequired,
      validation.complaintTypeRequired,
      validation.impactRequired,
      validation.departmentRequired,
    ]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }

    await chooseOption(page, 'Ontdekker', 'Zorgmedewerker');
    await chooseOption(page, 'Wat de klacht is', 'Zakje');
    await chooseOption(page, 'Klachttype', 'Zakje slecht geperforeerd');
    await chooseOption(page, 'Impact', 'Niet ingenomen, geen schade');
    await page.getByRole('button', { name: 'Klacht indienen' }).click();
    for (const message of [validation.patientRequired, validation.swallowDateRequired, validation.swallowTimeRequired, validation.bagNumberRequired]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    await expect(fieldMessage(page, validation.drugNameAndStrengthRequired)).toHaveCount(0);
    await shot(page, testInfo, 'oosterwolde-errors');
    await expectNoSeriousA11yViolations(page, 'Oosterwolde, met fouten');

    const patient = await choosePatient(page);
    await expect(field(page, 'Afdeling')).toHaveValue(patient.facility);
    await typeInPicker(page, 'Sliktijd', '1730');
    await typeInPicker(page, 'Slikdatum', '03112026');
    await field(page, 'Nummer zakje').fill('Z-14');
    await field(page, 'Aanvullende informatie').fill(`Perforatie scheurde niet (${marker}).`);
    await choosePhoto(page, 'zakje-perforatie.png');
    await page.getByRole('button', { name: 'Klacht indienen' }).click();

    await expect(page.getByText(feedback.complaintSucceeded, { exact: true })).toBeVisible();
    await expect(field(page, 'Nummer zakje')).toHaveValue('');
    await expect(field(page, 'Batchnummer')).toHaveValue('M0');
    await expect(page.getByRole('button', { name: 'zakje-perforatie.png verwijderen' })).toHaveCount(0);
    await shot(page, testInfo, 'oosterwolde-success');

    // The photo and the patient stay in the portal: the mail says so and links to the item (decision 0079).
    const mail = await providerMailOf(qualityMailAddress, marker);
    expect(mail.subject).toMatch(/^Melding onvolkomenheden van /);
    expect(mail.text).not.toContain(patient.name);
    expect(mail.text).toContain('Patiënt: zie Mijn Spits Beheer');
    expect(mail.text).toContain('Zakje slecht geperforeerd');
    expect(mail.text).toContain('17:30');
    expect(mail.text).toContain('Z-14');
    expect(mail.text).toContain('Bijlage: 1 bestand, te openen in Mijn Spits Beheer');
  });

  test('standaardprofiel: de andere varianten sturen terug naar / en staan niet in het menu', async ({ page }) => {
    await loginViaApi(page, demo.employee.email, demo.password);
    for (const route of [routes.Basic, routes.Apeldoorn, routes.Alkmaar]) {
      await page.goto(route);
      await expectScreen(page, 'Dashboard');
      await expect(page).toHaveURL('/');
    }
    expect(await imperfectionMenuEntries(page)).toEqual([{ label: title, href: routes.Oosterwolde }]);
  });

  test('Apeldoorn-profiel: een klacht over een krat, met keuzes van de server', async ({ page }, testInfo) => {
    await withProfile('apeldoorn', 3152, async (server) => {
      const marker = `e2e-apeldoorn-${unique()}`;
      await loginViaApi(page, demo.employee.email, demo.password);
      await page.goto(`${server.url}${routes.Oosterwolde}`);
      await expectScreen(page, 'Dashboard');
      expect(await imperfectionMenuEntries(page)).toEqual([{ label: title, href: routes.Apeldoorn }]);

      await page.goto(`${server.url}${routes.Apeldoorn}`);
      await expectScreen(page, title);
      await expect(page.getByRole('combobox', { name: 'Terugkoppeling' }).locator('option:checked')).toHaveText('Geen terugkoppeling nodig');
      await shot(page, testInfo, 'apeldoorn-empty');
      await expectNoSeriousA11yViolations(page, 'Apeldoorn, leeg');

      await chooseOption(page, 'Terugkoppeling', 'Terugkoppeling per e-mail');
      await page.getByRole('button', { name: 'Melding indienen' }).click();
      await expect(fieldMessage(page, validation.contactPersonRequired)).toBeVisible();
      await expect(fieldMessage(page, validation.complaintOrPhotoRequired)).toBeVisible();
      // 500 ms after the invalid submit the first field in error has the focus.
      await expect(page.getByRole('textbox', { name: 'Contactpersoon' })).toBeFocused();
      await shot(page, testInfo, 'apeldoorn-errors');
      await expectNoSeriousA11yViolations(page, 'Apeldoorn, met fouten');

      await field(page, 'Contactpersoon').fill('S. de Vries');
      await field(page, 'E-mailadres voor terugkoppeling').fill('kwaliteit@apotheekdelinde.example');
      await page.getByRole('radio', { name: 'Klacht' }).check();
      await chooseOption(page, 'Klachtcategorie', 'Levering');
      await chooseOption(page, 'Soort klacht', 'Krat niet geleverd');
      await expect(field(page, 'Aantal kratten')).toHaveValue('0');
      await field(page, 'Aantal kratten').fill('2');
      await field(page, 'Afdeling van de krat').fill('Afdeling Noord');
      await chooseOption(page, 'Waar is de fout ontdekt', 'Apotheek');
      await field(page, 'Opmerkingen').fill(`Twee kratten kwamen niet (${marker}).`);
      // The bag's moment typed as digits; then its day changed in the calendar, the time kept.
      const bag = 'Datum en tijd van het zakje';
      await typeInPicker(page, bag, `${dutchDay(-1).dutch.replaceAll('-', '')}0815`);
      await page.keyboard.press('Tab');
      await expect(field(page, bag)).toHaveValue(`${dutchDay(-1).dutch} 08:15`);
      const calendar = await openCalendar(page, bag);
      await expectNoSeriousA11yViolations(page, 'Apeldoorn, kalender open');
      await shot(page, testInfo, 'apeldoorn-calendar');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await expect(calendar).toBeHidden();
      await expect(field(page, bag)).toHaveValue(`${dutchDay(-2).dutch} 08:15`);
      await choosePhoto(page, 'krat.png');
      await page.getByRole('button', { name: 'Melding indienen' }).click();
      await expect(page.getByText(feedback.reportSucceeded, { exact: true })).toBeVisible();
      await shot(page, testInfo, 'apeldoorn-success');

      const mail = await providerMailOf(qualityMailAddress, marker);
      expect(mail.text).toContain('Krat niet geleverd');
      expect(mail.text).toContain('Bijlage: 1 bestand, te openen in Mijn Spits Beheer');
    });
  });

  test('Alkmaar-profiel: patiënt en geneesmiddel verplicht bij een verkeerd geneesmiddel', async ({ page }, testInfo) => {
    await withProfile('alkmaar', 3153, async (server) => {
      const marker = `e2e-alkmaar-${unique()}`;
      await loginViaApi(page, demo.employee.email, demo.password);
      await page.goto(`${server.url}${routes.Alkmaar}`);
      await expectScreen(page, title);
      await expect(page.getByRole('combobox', { name: 'Aard van klacht' })).toBeVisible();
      await shot(page, testInfo, 'alkmaar-empty');
      await expectNoSeriousA11yViolations(page, 'Alkmaar, leeg');

      await chooseOption(page, 'Aard van klacht', 'Verkeerd geneesmiddel');
      await page.getByRole('button', { name: 'Klacht indienen' }).click();
      for (const message of [
        validation.contactPersonRequired,
        validation.discovererComplaintRequired,
        validation.startSwallowDateRequired,
        validation.patientRequired,
        validation.medicineRequired,
      ]) {
        await expect(fieldMessage(page, message)).toBeVisible();
      }
      await shot(page, testInfo, 'alkmaar-errors');
      await expectNoSeriousA11yViolations(page, 'Alkmaar, met fouten');

      await field(page, 'Contactpersoon apotheek').fill('M. Visser');
      await chooseOption(page, 'Ontdekker van klacht', 'Verpleging of zorgmedewerker');
      const patient = await choosePatient(page);
      await expect(field(page, 'Afdeling')).toHaveValue(patient.facility);
      await field(page, 'Geneesmiddel').fill('Omeprazol 20 mg');
      await typeInPicker(page, 'Startslikdatum', '09112026');
      await typeInPicker(page, 'Innametijd', '2015');
      await field(page, 'Uitgebreide omschrijving').fill(`Ander middel in het zakje (${marker}).`);
      await chooseOption(page, 'Terugkoppeling', 'Telefonische terugkoppeling');
      await field(page, 'Telefoonnummer voor terugkoppeling').fill('072 555 0101');
      await page.getByRole('button', { name: 'Klacht indienen' }).click();
      await expect(page.getByText(feedback.complaintSucceeded, { exact: true })).toBeVisible();
      await shot(page, testInfo, 'alkmaar-success');

      const mail = await providerMailOf(qualityMailAddress, marker);
      expect(mail.text).not.toContain(patient.name);
      expect(mail.text).toContain('Patiënt: zie Mijn Spits Beheer');
      expect(mail.text).toContain('20:15');
    });
  });

  test('basisprofiel: de algemene melding met terugkoppeling per telefoon', async ({ page }, testInfo) => {
    await withProfile('basic', 3154, async (server) => {
      const marker = `e2e-basic-${unique()}`;
      await loginViaApi(page, demo.employee.email, demo.password);
      await page.goto(`${server.url}${routes.Basic}`);
      await expectScreen(page, title);
      expect(await imperfectionMenuEntries(page)).toEqual([{ label: title, href: routes.Basic }]);
      await shot(page, testInfo, 'basic-empty');
      await expectNoSeriousA11yViolations(page, 'Algemeen, leeg');

      await page.getByRole('button', { name: 'Klacht indienen' }).click();
      for (const message of [validation.discovererRequired, validation.complaintTypeRequired, validation.takenActionsRequired]) {
        await expect(fieldMessage(page, message)).toBeVisible();
      }
      await shot(page, testInfo, 'basic-errors');
      await expectNoSeriousA11yViolations(page, 'Algemeen, met fouten');

      await chooseOption(page, 'Ontdekker', 'Verpleegkundig personeel');
      await chooseOption(page, 'Klachttype', 'Zakje beschadigd');
      const patient = await choosePatient(page);
      await expect(field(page, 'Afdeling')).toHaveValue(patient.facility);
      await field(page, 'Naam geneesmiddel').fill('Metoprolol');
      await field(page, 'Sterkte').fill('50 mg');
      await field(page, 'Aantal').fill('1');
      await field(page, 'Extra informatie').fill(`Het zakje was gescheurd (${marker}).`);
      await field(page, 'Ondernomen acties').fill('Tablet uit eigen voorraad gegeven.');
      await page.getByRole('radio', { name: 'Telefoon' }).check();
      await field(page, 'Telefoonnummer').fill('0512 123 456');
      await page.getByRole('button', { name: 'Klacht indienen' }).click();
      await expect(page.getByText(feedback.complaintSucceeded, { exact: true })).toBeVisible();
      await expect(field(page, 'Naam geneesmiddel')).toHaveValue('');
      await shot(page, testInfo, 'basic-success');

      const mail = await providerMailOf(qualityMailAddress, marker);
      expect(mail.text).toContain('0512 123 456');
    });
  });

  test.describe('op een telefoon', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('Oosterwolde past in de breedte van het scherm', async ({ page }, testInfo) => {
      await openReport(page, routes.Oosterwolde);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, 'oosterwolde-phone-empty');
      await page.getByRole('button', { name: 'Klacht indienen' }).click();
      await expect(fieldMessage(page, validation.discovererRequired)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, 'oosterwolde-phone-errors');
      await expectNoSeriousA11yViolations(page, 'Oosterwolde op een telefoon');
    });
  });
});
