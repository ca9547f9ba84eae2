import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { backofficeSavedReplyCalls, inboxQueueText, inboxText, replyText, reportingText, savedReplyText } from '@portal/contract';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { e2eEnv, inboundMailDomain } from '../support/env.js';
import { pdfText } from '../support/files.js';
import { waitForMail } from '../support/mail.js';
import { marker } from '../support/request-forms.js';
import { smallPdf } from '../support/sample-files.js';
import { screensDir } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';
import { desktop, lookAtBothWidths } from '../support/widths.js';

/** One step of the journey as a person does it: what they did, how many clicks and keys it took, how long. */
interface Leg {
  who: string;
  what: string;
  actions: number;
  seconds: number;
}

/**
 * The journey's legs, each timed from its first action to the moment the screen shows the result; looking at
 * the screen (axe, screenshots) is done between legs and is not counted.
 */
class Journey {
  readonly legs: Leg[] = [];
  async leg(who: string, what: string, actions: number, run: () => Promise<void>) {
    const started = performance.now();
    await test.step(`${who}: ${what}`, run);
    this.legs.push({ who, what, actions, seconds: Math.round((performance.now() - started) / 10) / 100 });
  }
}

test('a question goes round the helpdesk: filed, found by reference in any status, taken, answered with a saved reply and a PDF, read, replied to by mail, counted', async ({
  page,
  browser,
  request,
  customer,
}, testInfo) => {
  const journey = new Journey();
  const customerPage = await (await browser.newContext({ viewport: desktop })).newPage();
  await loginViaApi(customerPage, customer.administrator.email, customer.administrator.password);
  const submitter = `${customer.administrator.firstName} ${customer.administrator.lastName}`;
  const question = `Kunnen de rollen van volgende week een dag eerder komen? (${marker()})`;
  // A first name of this test's own: the report's row of this staff member is this journey's work alone.
  const firstName = `Journa${randomBytes(3).toString('hex')}`;
  const staff = await freshStaff(request, 'Klantenservice', 'journey', firstName);
  const staffName = `${firstName} Klantenservice`;
  const savedReplyName = `Levering eerder ${marker()}`;
  const answerFile = `leverschema-${marker()}.pdf`;
  let reference = '';

  await test.step('a Beheerder keeps a saved reply for questions', async () => {
    const beheerder = await freshStaff(request, 'Beheerder', 'journey', 'Bea');
    const session = await staffLoginViaApi(page, beheerder);
    const saved = await page.request.post(backofficeSavedReplyCalls.save.path, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
      data: {
        name: savedReplyName,
        kinds: ['NonFaqQuestion'],
        subject: 'Uw vraag {referentie}',
        text: 'Beste {naam},\n\nDat kan: de rollen voor {klant} komen een dag eerder. Het leverschema zit erbij.\n\nMet vriendelijke groet,\n{medewerker}',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });
  const staffPage = await (await browser.newContext({ viewport: desktop })).newPage();
  await staffLoginViaApi(staffPage, staff);

  await journey.leg('klant', 'stelt een vraag onder Veelgestelde vragen', 2, async () => {
    await customerPage.goto('/faq');
    await expectScreen(customerPage, 'Veelgestelde vragen');
    const box = customerPage.getByRole('region', { name: 'Staat uw vraag er niet bij?' });
    await box.getByRole('textbox', { name: 'Uw vraag' }).fill(question);
    await box.getByRole('button', { name: 'Vraag versturen' }).click();
    await expect(box.getByRole('alert')).toContainText('Het indienen van uw vraag is gelukt');
    reference = /Uw referentienummer is (AAN-\d{4}-\d{6})\./.exec((await box.getByRole('alert').textContent()) ?? '')?.[1] ?? '';
    expect(reference).toMatch(/^AAN-\d{4}-\d{6}$/);
  });

  await journey.leg('Klantenservice', 'zoekt de referentie terwijl de lijst op Gearchiveerd staat, en toont het', 5, async () => {
    await staffPage.goto('/beheer/inbox');
    await expectScreen(staffPage, 'Inbox');
    await staffPage.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Gearchiveerd' });
    // Typed straight after the choice, as a quick hand does: the search keeps the status chosen.
    await staffPage.getByRole('searchbox', { name: 'Zoeken' }).fill(reference);
    await staffPage.getByRole('searchbox', { name: 'Zoeken' }).press('Enter');
    await expect(staffPage).toHaveURL(new RegExp(`status=Archived&q=${reference}`));
    await expect(staffPage.getByText('1 resultaat valt buiten uw filters (status).')).toBeVisible();
    await staffPage.getByRole('button', { name: 'Toon het' }).click();
    await expect(staffPage.getByRole('row').filter({ hasText: reference })).toContainText('Nieuw');
  });
  await lookAtBothWidths(staffPage, testInfo, 'journey-found-in-any-status');

  await journey.leg('Klantenservice', 'opent het, wijst het zich toe en neemt het in behandeling', 3, async () => {
    await staffPage.getByRole('link', { name: `Vraag ${reference} openen` }).click();
    await expect(staffPage.getByRole('heading', { level: 1, name: `Vraag ${reference}` })).toBeVisible();
    await staffPage.getByRole('button', { name: inboxQueueText.assignToMe }).click();
    await expect(staffPage.getByText(inboxQueueText.assignedToMe)).toBeVisible();
    await staffPage.getByRole('button', { name: 'In behandeling nemen' }).click();
    await expect(staffPage.getByRole('button', { name: 'Archiveren', exact: true })).toBeVisible();
  });

  const answer = staffPage.getByRole('form', { name: 'Beantwoorden' });
  await journey.leg('Klantenservice', 'kiest het standaardantwoord, voegt de PDF toe en verstuurt', 4, async () => {
    await answer.getByRole('combobox', { name: savedReplyText.picker }).selectOption({ label: savedReplyName });
    await expect(answer.getByRole('textbox', { name: 'Onderwerp' })).toHaveValue(`Uw vraag ${reference}`);
    await expect(answer.getByRole('textbox', { name: 'Antwoord' })).toHaveValue(new RegExp(`^Beste ${submitter},\\n\\nDat kan: de rollen voor ${customer.name} komen`));
    await answer.getByTestId('file-upload-input-Attachment').setInputFiles({ name: answerFile, mimeType: 'application/pdf', buffer: smallPdf('Leverschema week 12') });
    await expect(answer.getByRole('button', { name: `${answerFile} verwijderen` })).toBeVisible();
    await answer.getByRole('button', { name: 'Antwoord versturen' }).click();
    const history = staffPage.getByRole('region', { name: 'Geschiedenis' });
    await expect(history.getByRole('listitem').filter({ hasText: 'komen een dag eerder' }).getByRole('button', { name: `${answerFile} downloaden` })).toBeVisible();
  });
  await lookAtBothWidths(staffPage, testInfo, 'journey-answered');

  await journey.leg('Klantenservice', 'archiveert het', 1, async () => {
    await staffPage.getByRole('button', { name: 'Archiveren', exact: true }).click();
    await expect(staffPage.getByRole('button', { name: 'Weer in behandeling nemen' })).toBeVisible();
  });

  // The mail says that there is an answer and where it is, never the answer; it carries the item's reply address.
  const answerMail = await waitForMail({ to: customer.administrator.email, subject: `Antwoord op uw vraag ${reference}` });
  expect(answerMail.text).not.toContain('een dag eerder');
  expect(answerMail.attachments).toEqual([]);
  expect(answerMail.replyTo).toMatch(new RegExp(`^antwoord\\+f\\d+\\.[0-9a-f]+@${inboundMailDomain.replaceAll('.', '\\.')}$`));

  await journey.leg('klant', 'leest het antwoord in Mijn aanvragen en meldingen en downloadt de PDF', 3, async () => {
    await customerPage.goto('/mijn-aanvragen');
    await expectScreen(customerPage, 'Mijn aanvragen en meldingen');
    const row = customerPage.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Gearchiveerd');
    await row.getByRole('button', { name: /^Berichten over Vraag van .* lezen$/ }).click();
    const dialog = customerPage.getByRole('dialog');
    const theirs = dialog.getByRole('listitem').filter({ hasText: 'komen een dag eerder' });
    await expect(theirs).toContainText(replyText.fromProvider);
    const [download] = await Promise.all([customerPage.waitForEvent('download'), theirs.getByRole('button', { name: replyText.download(answerFile) }).click()]);
    expect(await pdfText(await readFile(await download.path()))).toContain('Leverschema week 12');
  });
  await lookAtBothWidths(customerPage, testInfo, 'journey-customer-reads');

  const since = Date.now();
  await journey.leg('klant', 'antwoordt op de mail (in het eigen mailprogramma)', 1, async () => {
    await nodemailer
      .createTransport({ host: '127.0.0.1', port: e2eEnv.inboundSmtpPort, secure: false, ignoreTLS: true })
      .sendMail({
        from: `${submitter} <${customer.administrator.email}>`,
        to: answerMail.replyTo!,
        subject: `Re: ${answerMail.subject}`,
        text: `Dank u. Graag dan ook de rollen van de week erna een dag eerder.\n\nOp ${new Date().toLocaleDateString('nl-NL')} schreef Mijn Spits:\n> ${answerMail.text.split('\n')[0]}`,
      });
  });

  await journey.leg('Klantenservice', 'krijgt bericht en leest de reactie; het staat weer in behandeling', 1, async () => {
    const told = await waitForMail({ to: staff.email, subject: new RegExp(`^Reactie van .* op ${reference}$`), since });
    expect(told.text).not.toContain('week erna');
    await staffPage.goto(new URL(told.text.match(/https?:\/\/\S+/)![0]).pathname);
    const history = staffPage.getByRole('region', { name: 'Geschiedenis' });
    const reply = history.getByRole('listitem').filter({ hasText: 'de week erna een dag eerder' });
    await expect(reply).toContainText(inboxText.replyFrom(submitter, 'mail'));
    // The quoted mail is left out of the reply.
    await expect(reply).not.toContainText('schreef Mijn Spits');
    await expect(history).toContainText('Status: Gearchiveerd → In behandeling');
    await expect(staffPage.getByRole('button', { name: 'Archiveren', exact: true })).toBeVisible();
  });
  await lookAtBothWidths(staffPage, testInfo, 'journey-reply-by-mail');

  await journey.leg('Klantenservice', 'ziet het geteld in Rapportage', 1, async () => {
    await sideMenu(staffPage).getByRole('link', { name: 'Rapportage' }).click();
    await expectScreen(staffPage, 'Rapportage');
    // Behandeld, Beantwoord, Eerste reacties: this question, answered once, its answer the first response.
    await expect(staffPage.getByRole('table', { name: 'Per medewerker' }).getByRole('row').filter({ hasText: staffName })).toHaveText(new RegExp(`^${staffName}111`));
    await expect(staffPage.getByRole('img', { name: reportingText.chartLabel('Eerste reactie') })).toBeVisible();
  });

  const table = ['| wie | wat | handelingen | seconden |', '|---|---|---:|---:|', ...journey.legs.map((l) => `| ${l.who} | ${l.what} | ${l.actions} | ${l.seconds.toFixed(2)} |`)].join('\n');
  const file = path.join(screensDir, 'helpdesk-journey.md');
  await writeFile(file, `${table}\n`);
  await testInfo.attach('helpdesk-journey', { path: file, contentType: 'text/markdown' });
  await customerPage.context().close();
  await staffPage.context().close();
});
