import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { backofficeItemPath, calls, inboxText, replyText, submissionReceipt } from '@portal/contract';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { pdfText } from '../support/files.js';
import { marker } from '../support/request-forms.js';
import { smallPdf } from '../support/sample-files.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';
import { desktop, lookAtBothWidths } from '../support/widths.js';

test('a customer replies with a PDF on its question, Klantenservice reads it with the file and answers with a PDF, which the customer downloads', async ({
  page,
  browser,
  request,
  customer,
}, testInfo) => {
  const customerPage = await (await browser.newContext({ viewport: desktop })).newPage();
  const session = await loginViaApi(customerPage, customer.administrator.email, customer.administrator.password);
  const asked = await request.post(calls.forms.askNonFaqQuestion.path, {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { question: `Wanneer komen de rollen van week 12? (${marker()})` },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { submissionId, reference } = submissionReceipt.parse(await asked.json());
  const replyFile = `recept-${marker()}.pdf`;
  const replyWords = `Hierbij het recept, graag voor vrijdag (${marker()}).`;
  const answerFile = `leverschema-${marker()}.pdf`;
  const answerWords = `De rollen komen vrijdag; het leverschema zit erbij (${marker()}).`;

  await test.step('the customer replies in the portal with a PDF, and the item is In behandeling', async () => {
    await customerPage.goto('/mijn-aanvragen');
    await expectScreen(customerPage, 'Mijn aanvragen en meldingen');
    const row = customerPage.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: /^Reageren op Vraag van / }).click();
    const dialog = customerPage.getByRole('dialog');
    await expect(dialog).toContainText(replyText.empty);
    await dialog.getByRole('textbox', { name: replyText.textLabel }).fill(replyWords);
    await dialog.getByTestId('file-upload-input-Attachment').setInputFiles({ name: replyFile, mimeType: 'application/pdf', buffer: smallPdf('Recept') });
    await expect(dialog.getByRole('button', { name: `${replyFile} verwijderen` })).toBeVisible();
    await dialog.getByRole('button', { name: replyText.send }).click();
    await expect(dialog.getByText(replyText.sent)).toBeVisible();
    const mine = dialog.getByRole('listitem').filter({ hasText: replyWords });
    await expect(mine).toContainText(replyText.fromCustomer(`${customer.administrator.firstName} ${customer.administrator.lastName}`));
    await expect(mine.getByRole('button', { name: replyText.download(replyFile) })).toBeVisible();
    await expect(dialog).toContainText('In behandeling');
    await lookAtBothWidths(customerPage, testInfo, 'thread-customer-replied');
    await dialog.getByRole('button', { name: replyText.close }).click();
    await expect(row).toContainText('In behandeling');
  });

  const staff = await freshStaff(request, 'Klantenservice', 'thread', 'Sanne');
  await staffLoginViaApi(page, staff);

  await test.step('Klantenservice sees the reply with its file in the history, and answers with a PDF', async () => {
    await page.goto(backofficeItemPath({ itemKind: 'Submission', id: submissionId }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
    const history = page.getByRole('region', { name: 'Geschiedenis' });
    const reply = history.getByRole('listitem').filter({ hasText: replyWords });
    await expect(reply).toContainText(inboxText.replyFrom(`${customer.administrator.firstName} ${customer.administrator.lastName}`, 'portal'));
    await expect(history).toContainText('Status: Nieuw → In behandeling');
    const [replied] = await Promise.all([page.waitForEvent('download'), reply.getByRole('button', { name: `${replyFile} downloaden` }).click()]);
    expect(replied.suggestedFilename()).toBe(replyFile);
    expect(await pdfText(await readFile(await replied.path()))).toContain('Recept');

    const answer = page.getByRole('form', { name: 'Beantwoorden' });
    await answer.getByRole('textbox', { name: 'Antwoord' }).fill(answerWords);
    await answer.getByTestId('file-upload-input-Attachment').setInputFiles({ name: answerFile, mimeType: 'application/pdf', buffer: smallPdf('Leverschema week 12') });
    await expect(answer.getByRole('button', { name: `${answerFile} verwijderen` })).toBeVisible();
    await answer.getByRole('button', { name: 'Antwoord versturen' }).click();
    const answered = history.getByRole('listitem').filter({ hasText: answerWords });
    await expect(answered.getByRole('button', { name: `${answerFile} downloaden` })).toBeVisible();
    await expect(answer.getByRole('button', { name: `${answerFile} verwijderen` })).toHaveCount(0);
    await lookAtBothWidths(page, testInfo, 'thread-beheer-history', history);
  });

  await test.step('the customer reads the answer in the conversation and downloads its PDF', async () => {
    await customerPage.reload();
    const row = customerPage.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: /^Berichten over Vraag van .* lezen$/ }).click();
    const dialog = customerPage.getByRole('dialog');
    const theirs = dialog.getByRole('listitem').filter({ hasText: answerWords });
    await expect(theirs).toContainText(replyText.fromProvider);
    const [download] = await Promise.all([customerPage.waitForEvent('download'), theirs.getByRole('button', { name: replyText.download(answerFile) }).click()]);
    expect(download.suggestedFilename()).toBe(answerFile);
    expect(await pdfText(await readFile(await download.path()))).toContain('Leverschema week 12');
    await lookAtBothWidths(customerPage, testInfo, 'thread-customer-answered');
  });
  await customerPage.context().close();
});
