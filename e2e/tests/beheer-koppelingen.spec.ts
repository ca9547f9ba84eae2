import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { backofficeImportRunCalls, feedback, integrationBasePath, type ImportRunSummary } from '@portal/contract';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { createIntegration } from '../support/cli.js';
import { horizontalOverflow } from '../support/customers.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

const phone = { width: 412, height: 915 };

// The table's call is answered 503 on purpose, to show its failure state.
test.use({ expectedApiStatuses: [503] });

test('the Beheerder opens Koppelingen, filters the import runs on status and reads a run’s rejected rows (issue 29.10)', async ({ page, request }, testInfo) => {
  const tag = randomBytes(3).toString('hex');
  const clientName = `ERP Koppelingen ${tag}`;
  const { clientId, clientSecret } = await createIntegration(clientName, 'products');
  const token = (await (await request.post(`${integrationBasePath}/token`, { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } })).json()) as { access_token: string };
  // One product taken, one refused: the run ends "deels geslaagd".
  const sent = await request.post(`${integrationBasePath}/products`, {
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/x-ndjson' },
    data: [{ key: `ART-${tag}`, ziNumber: '14325950', longName: `Koppelingstablet ${tag}` }, { key: `KAPOT-${tag}`, ziNumber: 'geen getal', longName: 'Kapot' }]
      .map((row) => JSON.stringify(row))
      .join('\n'),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const run = (await sent.json()) as ImportRunSummary;
  expect(run).toMatchObject({ status: 'partial', inserted: 1, rejected: 1 });

  const beheerder = await freshStaff(request, 'Beheerder', 'koppelingen', 'Bram');
  await staffLoginViaApi(page, beheerder);
  await page.goto('/beheer/inbox');
  await sideMenu(page).getByRole('link', { name: 'Koppelingen' }).click();
  // Koppelingen opens on its first tab, which names the screen once there (Koppelingen shows only on the way).
  await expect(page).toHaveURL(/\/beheer\/koppelingen\/importruns$/);
  await expectScreen(page, 'Importruns');
  await expect(page.getByRole('tab', { name: 'Importruns', selected: true })).toBeVisible();

  const filters = page.getByRole('search', { name: 'Importruns filteren' });
  await filters.getByRole('combobox', { name: 'Koppeling' }).selectOption({ label: clientName });
  await filters.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'deels geslaagd' });
  const filtered = page.waitForResponse((r) => r.url().endsWith(backofficeImportRunCalls.getTable.path) && (r.request().postDataJSON() as { status?: string }).status === 'partial');
  await filters.getByRole('button', { name: 'Filteren' }).click();
  expect((await filtered).status()).toBe(200);
  await expect(page).toHaveURL(/status=partial/);
  const table = page.getByRole('table', { name: 'Importruns' });
  const row = table.getByRole('row').filter({ hasText: clientName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Productcatalogus');
  await expect(row).toContainText('deels geslaagd');
  await expectNoSeriousA11yViolations(page, '/beheer/koppelingen/importruns');
  await saveScreen(page, testInfo, 'beheer-importruns');

  await row.getByRole('link').click();
  await expectScreen(page, 'Importrun');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Importrun ${run.runId}`);
  const rejected = page.getByRole('table', { name: 'Geweigerde rijen' });
  await expect(rejected.getByRole('row').filter({ hasText: `KAPOT-${tag}` })).toContainText('2');
  await expect(page.getByRole('region', { name: 'Aantallen' })).toContainText('Geweigerd1');
  await expectNoSeriousA11yViolations(page, '/beheer/koppelingen/importruns/:id');
  await saveScreen(page, testInfo, 'beheer-importrun');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Alle geweigerde rijen downloaden (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`importrun-${run.runId}-geweigerde-rijen.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(csv[0]).toBe('\uFEFFRegel;Sleutel;Code;Veld;Reden');
  expect(csv.slice(1).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual([`2;KAPOT-${tag}`]);

  await page.setViewportSize(phone);
  await expect(page.getByText(`KAPOT-${tag}`)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, testInfo, 'beheer-importrun-phone');
  await page.getByRole('link', { name: 'Terug naar de importruns' }).click();
  // The runs as cards of a list on a phone; the name is also an option of the Koppeling filter.
  await expect(page.getByRole('list', { name: 'Importruns' }).getByText(clientName).first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreen(page, testInfo, 'beheer-importruns-phone');

  // Nothing in the period: the table says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/beheer/koppelingen/importruns?from=2000-01-01&until=2000-01-01');
  await expect(page.getByText('Geen importruns gevonden bij deze filters.')).toBeVisible();
  await saveScreen(page, testInfo, 'beheer-importruns-empty');

  // The server fails: a warning with a retry instead of the table.
  await page.route(`**${backofficeImportRunCalls.getTable.path}`, (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ title: 'fout', status: 503 }) }));
  await page.reload();
  await expect(page.getByText(feedback.tableLoadFailed)).toBeVisible();
  await saveScreen(page, testInfo, 'beheer-importruns-error');
  await page.setViewportSize(phone);
  await saveScreen(page, testInfo, 'beheer-importruns-error-phone');
});
