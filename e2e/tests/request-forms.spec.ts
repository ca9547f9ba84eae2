import { calls, feedback, patientSearch, validation } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { queryPortalDb } from '../support/db.js';
import { providerMailOf, waitForMail } from '../support/mail.js';
import { executableBytes, smallPdf } from '../support/sample-files.js';
import { choosePatient, openCalendar, typeInPicker } from '../support/report-forms.js';
import { dutchDay, marker, openForm, patientBox, patientOptions, serviceMailbox } from '../support/request-forms.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { field, fieldMessage } from '../support/ui.js';

test.describe('Aanvraagformulieren', () => {
  test('Aanvraagformulier rollen: patiënt, datums, rolbestand en terugbelwens komen bij de leverancier aan', async ({ page }, testInfo) => {
    const since = Date.now();
    const department = `Afdeling ${marker()}`;
    await openForm(page, '/forms/requestImmediateProduct', 'Aanvraagformulier rollen');
    await expect(page.getByText(/maximaal 12 weken vanaf de productiedatum/)).toBeVisible();
    await expect(page.getByText('Typ minimaal 3 tekens van de naam of de geboortedatum. Met 2 tekens zoekt u op een exacte overeenkomst.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'rollen, leeg');
    await saveScreen(page, testInfo, 'rollen-leeg');

    // Yesterday typed by hand, a day the calendar does not offer: said as soon as the field is left (section 9).
    await field(page, 'Startdatum').fill(dutchDay(-1).dutch);
    await field(page, 'Startdatum').press('Tab');
    await expect(fieldMessage(page, validation.startDateBeforeToday)).toBeVisible();
    await saveScreen(page, testInfo, 'rollen-startdatum-verleden');
    await field(page, 'Startdatum').fill('');

    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
    for (const message of [
      validation.patientRequired,
      validation.departmentRequired,
      validation.startDateRequired,
      validation.amountOfDaysRequired,
      validation.sendDateRequired,
      validation.receiveDateRequired,
    ]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    // The summary at the top lists them; its link takes the focus to the field.
    const summary = page.getByTestId('error-summary');
    await expect(summary).toContainText('Er zijn 6 problemen');
    await summary.getByRole('button', { name: validation.amountOfDaysRequired }).click();
    await expect(page.getByRole('textbox', { name: /^Aantal dagen/ })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'rollen, fouten');
    await saveScreen(page, testInfo, 'rollen-fouten');

    const patient = await choosePatient(page);
    await expect(field(page, 'Afdeling')).toHaveValue(patient.facility);
    await field(page, 'Afdeling').fill(department);
    await page.getByRole('radio', { name: 'Vakantierol' }).check();
    const start = dutchDay(10);
    const receive = dutchDay(8);
    const send = dutchDay(6);
    await field(page, 'Startdatum').fill(start.dutch);
    await field(page, 'Aantal dagen').fill('14');
    await field(page, 'Uiterste ontvangstdatum').fill(receive.dutch);
    await field(page, 'Verstuurdatum').fill(send.dutch);

    // A start date before the delivery date clears the delivery date once the field is left, and says so; the
    // send date before both stays.
    await field(page, 'Startdatum').fill(dutchDay(7).dutch);
    await expect(field(page, 'Uiterste ontvangstdatum')).toHaveValue(receive.dutch);
    await field(page, 'Startdatum').press('Tab');
    await expect(field(page, 'Uiterste ontvangstdatum')).toHaveValue('');
    await expect(page.getByText('De ontvangstdatum is leeggemaakt, omdat die na de startdatum lag.')).toBeVisible();
    await expect(field(page, 'Verstuurdatum')).toHaveValue(send.dutch);
    await field(page, 'Startdatum').fill(start.dutch);
    // The delivery date picked in the calendar by keyboard: it opens on the first day on offer, tomorrow; seven
    // days on is the delivery date.
    const calendar = await openCalendar(page, 'Uiterste ontvangstdatum');
    await expect(calendar.getByRole('gridcell', { name: new RegExp(` ${dutchDay(1).written}$`) })).toBeFocused();
    await expect(calendar.getByRole('gridcell', { name: new RegExp(` ${dutchDay(0).written}$`) })).toHaveAttribute('aria-disabled', 'true');
    await expectNoSeriousA11yViolations(page, 'rollen, kalender open');
    await saveScreen(page, testInfo, 'rollen-kalender');
    for (let day = 1; day < 8; day += 1) await page.keyboard.press('ArrowRight');
    await expect(calendar.getByRole('gridcell', { name: new RegExp(` ${receive.written}$`) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(field(page, 'Uiterste ontvangstdatum')).toHaveValue(receive.dutch);

    const fileInput = page.getByTestId('file-upload-input-RollFile');
    // Refused in the browser by its type, and by the server by its bytes whatever its name says.
    await fileInput.setInputFiles({ name: 'installer.exe', mimeType: 'application/octet-stream', buffer: executableBytes });
    await expect(page.getByRole('group', { name: 'Rolbestand' }).getByText(validation.fileTypeNotAllowed)).toBeVisible();
    const refused = page.waitForResponse((r) => r.url().includes('/File/UploadFile'));
    await fileInput.setInputFiles({ name: 'vermomd.pdf', mimeType: 'application/pdf', buffer: executableBytes });
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('group', { name: 'Rolbestand' }).getByRole('alert')).toHaveText(validation.fileTypeNotAllowed);
    await expect(page.getByRole('button', { name: 'vermomd.pdf verwijderen' })).toHaveCount(0);

    const pdf = smallPdf(`Rolbestand ${department}`);
    const calledPaths: string[] = [];
    page.on('request', (request) => calledPaths.push(new URL(request.url()).pathname));
    await fileInput.setInputFiles({ name: 'rollen-week-1-2.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('button', { name: 'rollen-week-1-2.pdf verwijderen' })).toBeVisible();
    // The access token is renewed before the upload (the product's states).
    expect(calledPaths.filter((p) => p.startsWith('/api/'))).toEqual([
      '/api/portal/Authentication/RefreshAccessToken',
      '/api/portal/File/UploadFile',
    ]);
    await page.getByRole('checkbox', { name: 'Ik wil graag teruggebeld worden' }).check();
    await saveScreen(page, testInfo, 'rollen-ingevuld');
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click();

    await expect(page.getByText(feedback.rollRequestSucceeded)).toBeVisible();
    // The receipt: its reference, what happens next, and the focus on it.
    const receipt = page.getByTestId('submission-receipt');
    await expect(receipt).toBeFocused();
    const reference = /AAN-\d{4}-\d{6}/.exec((await receipt.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');
    await expect(receipt.getByRole('link', { name: 'Mijn aanvragen en meldingen' })).toBeVisible();
    await expect(patientBox(page)).toHaveValue('');
    await expect(field(page, 'Afdeling')).toHaveValue('');
    await expect(field(page, 'Startdatum')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Extra rol' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'rollen-week-1-2.pdf verwijderen' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'rollen, verstuurd');
    await saveScreen(page, testInfo, 'rollen-verstuurd');

    const [stored] = await queryPortalDb<{ id: number; payload: Record<string, unknown>; submitter_email: string }>(
      `select id, payload, submitter_email from form_submissions where kind = 'ImmediateProduct' and payload->>'department' = $1`,
      [department],
    );
    expect(stored?.submitter_email).toBe(demo.employee.email);
    expect(stored?.payload).toMatchObject({
      department,
      extraScrollIsHolidayScroll: true,
      startDate: start.iso,
      amountOfDays: 14,
      sendDate: send.iso,
      receiveDate: receive.iso,
      receiveReturnCall: true,
    });
    const files = await queryPortalDb<{ file_name: string; media_type: string }>(
      `select * from uploaded_files where submission_id = $1`,
      [stored?.id],
    );
    expect(files.map((f) => f.file_name)).toEqual(['rollen-week-1-2.pdf']);

    // The patient and the roll file stay in the portal: the mail links to the item (decision 0079).
    const mail = await waitForMail({ to: serviceMailbox, subject: /^Aanvraag rollen /, since, text: department });
    expect(mail.text).toContain('Patiënt: zie Mijn Spits Beheer');
    expect(mail.text).not.toContain(patient.name);
    expect(mail.text).toContain('Vakantierol');
    expect(mail.text).toContain(start.written);
    expect(mail.text).toContain(receive.written);
    expect(mail.text).toContain(send.written);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Bijlage: 1 bestand, te openen in Mijn Spits Beheer');
    expect(mail.text).toContain(`/beheer/inbox/formulier/${stored?.id}\n`);
    expect(mail.text).toContain(`Referentie: ${reference}`);

    // The submitter's copy, with the reference and without the patient.
    const copy = await waitForMail({ to: demo.employee.email, subject: `Ontvangen: aanvraag rollen ${reference}`, since });
    expect(copy.text).toContain(`Uw referentienummer is ${reference}.`);
    expect(copy.text).not.toContain(patient.name);
  });

  test('Foto aanvragen: het moment van innemen (24 uur) komt bij de leverancier aan, patiënt en reden via een link', async ({ page }, testInfo) => {
    const reason = `Tablet ontbreekt in het zakje (${marker()})`;
    await openForm(page, '/forms/requestPhoto', 'Foto aanvragen');
    await expect(page.getByText('Wij adviseren een foto van maximaal 20 MB, in jpeg- of png-formaat.')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Foto aanvragen' });
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'foto, leeg');
    await saveScreen(page, testInfo, 'foto-leeg');

    for (const label of ['Datum', 'Tijd', 'Naam medicijn', 'Reden aanvraag']) await field(page, label).click();
    await patientBox(page).click();
    await page.keyboard.press('Tab');
    for (const message of [validation.dateRequired, validation.timeRequired, validation.medicineNameRequired, validation.reasonOfRequestRequired, validation.patientRequired]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'foto, fouten');
    await saveScreen(page, testInfo, 'foto-fouten');

    await patientBox(page).fill('Xqzwv');
    await expect(page.getByText('Geen patiënten gevonden', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
    await saveScreen(page, testInfo, 'foto-geen-patienten');
    await patientBox(page).fill('');
    await patientBox(page).pressSequentially('jan', { delay: 50 });
    await expect(patientOptions(page).first()).toBeVisible({ timeout: 10_000 });
    await expect(patientOptions(page).first()).toContainText(/\d{2}-\d{2}-\d{4} · /);
    await saveScreen(page, testInfo, 'foto-patienten-gevonden');
    await patientBox(page).fill('');

    const patient = await choosePatient(page);
    await expect(field(page, 'Afdeling')).toHaveValue(patient.facility);
    const day = dutchDay(-1);
    await field(page, 'Datum').fill(day.dutch);
    await field(page, 'Tijd').fill('17:30');
    await field(page, 'Naam medicijn').fill('Metoprolol 50 mg');
    await field(page, 'Reden aanvraag').fill(reason);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText(feedback.photoRequestSucceeded)).toBeVisible();
    await expect(field(page, 'Reden aanvraag')).toHaveValue('');
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'foto, verstuurd');
    await saveScreen(page, testInfo, 'foto-verstuurd');

    const [stored] = await queryPortalDb<{ payload: Record<string, unknown> }>(
      `select payload from form_submissions where kind = 'Photo' and payload->>'reasonOfRequest' = $1`,
      [reason],
    );
    expect(stored?.payload).toMatchObject({
      patientGender: 'Male',
      department: patient.facility,
      swallowDateTime: `${day.iso}T17:30:00`,
      drugName: 'Metoprolol 50 mg',
    });
    expect(stored?.payload.patientBirthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const mail = await providerMailOf(serviceMailbox, reason);
    expect(mail.subject).toMatch(/^Aanvraag foto /);
    expect(mail.text).not.toContain(patient.name);
    expect(mail.text).toContain(`${day.written} om 17:30`);
  });

  test('Foto aanvragen: een lange lijst patiënten reikt tot onder de kaart en is er helemaal te zien', async ({ page }) => {
    // The most patients a search answers, on a tall screen: the list (at most 40 % of the screen high) hangs below
    // its field, past the bottom of the form's card, which must not cut it off.
    await page.setViewportSize({ width: 1366, height: 1600 });
    const many = Array.from({ length: patientSearch.maxResults }, (_, i) => ({
      patientId: 90_000 + i,
      patientName: `Testpersoon ${i + 1}`,
      birthDate: '1940-01-01',
      facility: 'Afdeling Noord',
    }));
    await page.route((url) => url.pathname === calls.patient.searchPatients.path, (route) => route.fulfill({ json: many }));
    await openForm(page, '/forms/requestPhoto', 'Foto aanvragen');
    await patientBox(page).pressSequentially('test', { delay: 50 });
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option')).toHaveCount(many.length);
    const bottom = await listbox.evaluate((list) => {
      const edge = list.getBoundingClientRect();
      const seen = document.elementFromPoint(edge.left + edge.width / 2, edge.bottom - 4);
      return { pastCard: edge.bottom > (list.closest('.MuiCard-root')?.getBoundingClientRect().bottom ?? Infinity), shown: list.contains(seen) };
    });
    expect(bottom).toEqual({ pastCard: true, shown: true });
  });

  test('Formulieren aanvragen: minimaal één formulier, en de keuze komt bij de leverancier aan', async ({ page }, testInfo) => {
    const since = Date.now();
    await openForm(page, '/forms/requestOfflineAssortment', 'Formulieren aanvragen');
    await expectNoSeriousA11yViolations(page, 'formulieren, leeg');
    await saveScreen(page, testInfo, 'formulieren-leeg');

    await page.getByRole('button', { name: 'Formulieren aanvragen' }).click();
    await expect(fieldMessage(page, validation.offlineFormsNoneChosen)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'formulieren, fout');
    await saveScreen(page, testInfo, 'formulieren-fout');

    await page.getByRole('checkbox', { name: 'Formulieren voor een medicatieset' }).check();
    await page.getByRole('button', { name: 'Formulieren aanvragen' }).click();
    await expect(page.getByText(feedback.offlineFormsSucceeded)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Formulieren voor een medicatieset' })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page, 'formulieren, verstuurd');
    await saveScreen(page, testInfo, 'formulieren-verstuurd');

    const rows = await queryPortalDb<{ payload: Record<string, unknown> }>(
      `select payload from form_submissions where kind = 'OfflineAssortment' and submitter_email = $1 and created_at >= $2 order by id desc`,
      [demo.employee.email, new Date(since)],
    );
    expect(rows[0]?.payload).toEqual({ newDepartment: false, cureSet: false, medicationSet: true });
    const mail = await waitForMail({ to: serviceMailbox, subject: /^Aanvraag formulieren /, since });
    expect(mail.text).toMatch(/Formulieren medicatieset\W+Ja/);
    expect(mail.text).toMatch(/Formulieren nieuwe afdeling\W+Nee/);
  });

  test('Product aanvragen: verplichte velden, 0 patiënten als leeg, en de aanvraag komt bij de leverancier aan', async ({ page }, testInfo) => {
    const since = Date.now();
    const drugName = `Apixaban ${marker()}`;
    await openForm(page, '/forms/requestNewProduct', 'Product aanvragen');
    await expectNoSeriousA11yViolations(page, 'product, leeg');
    await saveScreen(page, testInfo, 'product-leeg');

    await page.getByRole('button', { name: 'Product aanvragen' }).click();
    for (const message of [validation.drugNameRequired, validation.drugStrengthRequired, validation.consumptionRequired, validation.reasonRequired]) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, 'product, fouten');
    await saveScreen(page, testInfo, 'product-fouten');

    await field(page, 'Naam geneesmiddel').fill(drugName);
    await field(page, 'Geneesmiddel sterkte').fill('2,5 mg');
    await field(page, 'Verbruik per week').fill('14 tabletten');
    await field(page, 'Reden').fill('Nieuwe bewoner gebruikt dit middel.');
    await page.getByRole('button', { name: 'Product aanvragen' }).click();
    await expect(page.getByText(feedback.newProductSucceeded)).toBeVisible();
    await expect(field(page, 'Naam geneesmiddel')).toHaveValue('');
    await expectNoSeriousA11yViolations(page, 'product, verstuurd');
    await saveScreen(page, testInfo, 'product-verstuurd');

    const [stored] = await queryPortalDb<{ payload: Record<string, unknown> }>(
      `select payload from form_submissions where kind = 'NewProduct' and payload->>'drugName' = $1`,
      [drugName],
    );
    expect(stored?.payload).toMatchObject({ drugName, drugStrength: '2,5 mg', consumptionPerWeek: '14 tabletten', amountOfPatients: 0 });
    const mail = await waitForMail({ to: serviceMailbox, subject: /^Aanvraag nieuw product /, since, text: drugName });
    expect(mail.text).toContain('14 tabletten');
  });
});

test.describe('Aanvraagformulieren op een telefoon (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const [url, title, name] of [
    ['/forms/requestImmediateProduct', 'Aanvraagformulier rollen', 'rollen'],
    ['/forms/requestPhoto', 'Foto aanvragen', 'foto'],
    ['/forms/requestOfflineAssortment', 'Formulieren aanvragen', 'formulieren'],
    ['/forms/requestNewProduct', 'Product aanvragen', 'product'],
  ] as const) {
    test(`${title} past op het scherm en is toegankelijk`, async ({ page }, testInfo) => {
      await openForm(page, url, title);
      if (name === 'rollen') {
        await choosePatient(page);
        await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
        await expect(fieldMessage(page, validation.startDateRequired)).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSeriousA11yViolations(page, `${name}, telefoon`);
      await saveScreen(page, testInfo, `${name}-telefoon`);
    });
  }

  test('Foto aanvragen: datum en tijd met het cijferklavier getypt, of de dag uit de kalender', async ({ page }, testInfo) => {
    await openForm(page, '/forms/requestPhoto', 'Foto aanvragen');
    await typeInPicker(page, 'Tijd', '1730');
    await typeInPicker(page, 'Datum', '31022026');
    await page.keyboard.press('Tab');
    await expect(fieldMessage(page, validation.invalidDate)).toBeVisible();
    await saveScreen(page, testInfo, 'foto-telefoon-ongeldige-datum');

    const day = dutchDay(-1);
    await field(page, 'Datum').fill('');
    await typeInPicker(page, 'Datum', day.dutch.replaceAll('-', ''));
    await page.keyboard.press('Tab');
    await expect(field(page, 'Datum')).toHaveValue(day.dutch);
    await expect(field(page, 'Tijd')).toHaveValue('17:30');
    await expect(fieldMessage(page, validation.invalidDate)).toBeHidden();
    await saveScreen(page, testInfo, 'foto-telefoon-datum');

    const calendar = await openCalendar(page, 'Datum');
    const chosen = calendar.getByRole('gridcell', { name: new RegExp(` ${day.written}$`) });
    await expect(chosen).toBeFocused();
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    const box = await calendar.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, 'foto, telefoon, kalender');
    await saveScreen(page, testInfo, 'foto-telefoon-kalender');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(field(page, 'Datum')).toHaveValue(dutchDay(-2).dutch);
    await expect(field(page, 'Datum')).toBeFocused();
  });
});
