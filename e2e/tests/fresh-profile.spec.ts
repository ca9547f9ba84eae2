import { inboxKindLabels } from '@portal/contract';
import { demo } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { e2eEnv } from '../support/env.js';
import { startFreshPortal, type ProfileServer } from '../support/profile-server.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, fillLogin, sideMenu, submitLogin } from '../support/ui.js';

/**
 * A newcomer's first start under a site's profile: `DEPLOYMENT_PROFILE=alkmaar npm start` on an empty data folder
 * makes the demo data (its inbox files the report of the Alkmaar form), and a demo customer logs in and works.
 */
test.describe('first start under the Alkmaar profile, from an empty data folder', () => {
  let portal: ProfileServer;
  test.beforeAll(async () => {
    portal = await startFreshPortal('alkmaar', e2eEnv.port + 51, e2eEnv.pgPort + 1);
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('a demo customer logs in, sees the site’s menu and the demo report among its requests', async ({ page }, testInfo) => {
    await page.goto(`${portal.url}/auth`);
    await fillLogin(page, demo.otherCustomerEmployee.email, demo.password);
    await submitLogin(page);
    await expectScreen(page, 'Dashboard');

    // Alkmaar's menu: no delivery schedules, its own imperfection form.
    await expect(sideMenu(page).getByRole('link', { name: 'Leveringsafspraken' })).toHaveCount(0);
    await sideMenu(page).getByRole('button', { name: 'Formulieren' }).click();
    await expect(sideMenu(page).getByRole('link', { name: 'Melding onvolkomenheden' })).toHaveAttribute(
      'href',
      '/forms/reportImperfectionInceptionAlkmaar',
    );

    await page.goto(`${portal.url}/mijn-aanvragen`);
    await expectScreen(page, 'Mijn aanvragen en meldingen');
    await expect(page.getByText(inboxKindLabels.ImperfectionAlkmaar).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/mijn-aanvragen under the Alkmaar profile');
    await saveScreen(page, testInfo, 'fresh-alkmaar-mijn-aanvragen');
  });
});
