import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { backofficeInboxCalls, backofficeReportingCalls, calls, reportingText, type SubmissionReceipt } from '@portal/contract';
import { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { freshCustomer, horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';
import { lookAtBothWidths, narrowPhone } from '../support/widths.js';

const phone = { width: 412, height: 915 };

test('Klantenservice answers a question and finds it counted in Rapportage, on a desktop and a phone (issue 30.8)', async ({ page, request }, testInfo) => {
  const customer = await freshCustomer(request, 'rapportage');
  const portal = await PortalApi.login(request, customer.administrator.email, customer.administrator.password);
  const asked = await request.post(calls.forms.askNonFaqQuestion.path, {
    headers: { authorization: `Bearer ${portal.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { question: 'Kan de levering van volgende week een dag eerder?' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const { submissionId } = (await asked.json()) as SubmissionReceipt;

  // A name of this test's own: its row in the staff figure is this test's answer and nobody else's.
  const firstName = `Rapport${randomBytes(3).toString('hex')}`;
  const staff = await freshStaff(request, 'Klantenservice', 'rapportage', firstName);
  const session = await staffLoginViaApi(page, staff);
  const answered = await page.request.post(backofficeInboxCalls.answer.path, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { itemKind: 'Submission', id: submissionId, subject: 'Uw vraag', text: 'Ja, dat kan.' },
  });
  expect(answered.status(), await answered.text()).toBe(204);

  await page.goto('/beheer/inbox');
  const report = page.waitForResponse((r) => new URL(r.url()).pathname === backofficeReportingCalls.get.path);
  await sideMenu(page).getByRole('link', { name: 'Rapportage' }).click();
  await expectScreen(page, 'Rapportage');
  expect((await report).status()).toBe(200);

  const staffTable = page.getByRole('table', { name: 'Per medewerker' });
  // Behandeld, Beantwoord, Eerste reacties: the answer is the question's first response.
  await expect(staffTable.getByRole('row').filter({ hasText: `${firstName} Klantenservice` })).toHaveText(new RegExp(`^${firstName} Klantenservice111`));
  await expect(page.getByRole('img', { name: reportingText.chartLabel('Eerste reactie') })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Binnengekomen per week' }).getByRole('columnheader', { name: 'Vraag', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/beheer/rapportage');
  await saveScreen(page, testInfo, 'beheer-rapportage');

  // A period typed as a Dutch user writes a day (the browser's own date field would not take it): asked for as
  // YYYY-MM-DD and kept so in the address; today's answer is in it.
  const year = new Date().getFullYear();
  const period = page.waitForResponse((r) => new URL(r.url()).pathname === backofficeReportingCalls.get.path && new URL(r.url()).searchParams.get('from') === `${year}-01-01`);
  const filters = page.getByRole('search', { name: reportingText.filterLabel });
  await filters.getByRole('textbox', { name: reportingText.fromLabel, exact: true }).fill(`01-01-${year}`);
  await filters.getByRole('textbox', { name: reportingText.untilLabel, exact: true }).fill(`31-12-${year}`);
  await filters.getByRole('button', { name: 'Filteren' }).click();
  expect(new URL((await period).url()).searchParams.get('until')).toBe(`${year}-12-31`);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${year}-01-01&until=${year}-12-31(&|$)`));
  await expect(staffTable.getByRole('row').filter({ hasText: `${firstName} Klantenservice` })).toHaveText(new RegExp(`^${firstName} Klantenservice111`));
  await lookAtBothWidths(page, testInfo, 'beheer-rapportage-period', filters, narrowPhone);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `${reportingText.download}: Per medewerker` }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rapportage-per-medewerker-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(csv[0]).toBe('\uFEFFMedewerker;Behandeld;Beantwoord;Eerste reacties;Mediaan eerste reactie (uren)');
  expect(csv.filter((line) => line.startsWith(`${firstName} Klantenservice;`)).map((line) => line.split(';').slice(1, 4).join(';'))).toEqual(['1;1;1']);

  await page.setViewportSize(phone);
  await expect(staffTable).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/beheer/rapportage (phone)');
  await saveScreen(page, testInfo, 'beheer-rapportage-phone');
});
