import { randomUUID } from 'node:crypto';
import { backofficeItemPath, calls, savedReplyText, submissionReceipt } from '@portal/contract';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { marker } from '../support/request-forms.js';
import { loginViaApi } from '../support/session.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';
import { desktop, lookAtBothWidths } from '../support/widths.js';

test('a Beheerder adds a saved reply for questions; Klantenservice answers a question with it, filled in for the item', async ({
  page,
  browser,
  request,
  customer,
}, testInfo) => {
  const session = await loginViaApi(page, customer.administrator.email, customer.administrator.password);
  const asked = await request.post(calls.forms.askNonFaqQuestion.path, {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { question: `Wanneer komen de rollen? (${marker()})` },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { submissionId, reference } = submissionReceipt.parse(await asked.json());
  const name = `Rollen onderweg ${marker()}`;
  const submitter = `${customer.administrator.firstName} ${customer.administrator.lastName}`;

  await test.step('the Beheerder adds the saved reply under Inhoud', async () => {
    const beheerder = await freshStaff(request, 'Beheerder', 'saved-replies', 'Bea');
    const beheerPage = await (await browser.newContext({ viewport: desktop })).newPage();
    await staffLoginViaApi(beheerPage, beheerder);
    await beheerPage.goto('/beheer/inhoud/standaardantwoorden');
    await expectScreen(beheerPage, 'Standaardantwoorden');
    await beheerPage.getByRole('button', { name: 'Nieuw standaardantwoord' }).click();
    const dialog = beheerPage.getByRole('dialog', { name: 'Nieuw standaardantwoord' });
    await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Vraag', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Onderwerp' }).fill('Uw vraag {referentie}');
    await dialog.getByRole('textbox', { name: 'Tekst' }).fill('Beste {naam},\n\nDe rollen voor {klant} zijn onderweg.\n\nMet vriendelijke groet,\n{medewerker}');
    await lookAtBothWidths(beheerPage, testInfo, 'saved-reply-form');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(beheerPage.getByText(savedReplyText.saved)).toBeVisible();
    await expect(beheerPage.getByRole('list', { name: 'Standaardantwoorden' }).getByRole('listitem').filter({ hasText: name })).toContainText('Vraag');
    await lookAtBothWidths(beheerPage, testInfo, 'saved-replies');
    await beheerPage.context().close();
  });

  await test.step('Klantenservice chooses it in the answer form and sends it', async () => {
    const staff = await freshStaff(request, 'Klantenservice', 'saved-replies', 'Karim');
    await staffLoginViaApi(page, staff);
    await page.goto(backofficeItemPath({ itemKind: 'Submission', id: submissionId }));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
    const answer = page.getByRole('form', { name: 'Beantwoorden' });
    await answer.getByRole('combobox', { name: savedReplyText.picker }).selectOption({ label: name });
    const text = `Beste ${submitter},\n\nDe rollen voor ${customer.name} zijn onderweg.\n\nMet vriendelijke groet,\nKarim Klantenservice`;
    await expect(answer.getByRole('textbox', { name: 'Onderwerp' })).toHaveValue(`Uw vraag ${reference}`);
    await expect(answer.getByRole('textbox', { name: 'Antwoord' })).toHaveValue(text);
    await lookAtBothWidths(page, testInfo, 'saved-reply-chosen');
    await answer.getByRole('button', { name: 'Antwoord versturen' }).click();
    const history = page.getByRole('region', { name: 'Geschiedenis' });
    await expect(history.getByRole('listitem').filter({ hasText: `De rollen voor ${customer.name} zijn onderweg.` })).toContainText(`Uw vraag ${reference}`);
  });
});
