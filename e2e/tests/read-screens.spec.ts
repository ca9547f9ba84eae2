import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { calls, dashboardCalls, type DeliveryScheduleRow, type FaqItem, type InvoiceRow } from '@portal/contract';
import { demoMemos } from '../../apps/api/src/demo/content.js';
import { calendarDay } from '../../apps/api/src/demo/random.js';
import { demo } from '../support/accounts.js';
import { queryPortalDb } from '../support/db.js';
import { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { portalEnv } from '../support/env.js';
import { waitForMail } from '../support/mail.js';
import { saveScreen } from '../support/screens.js';
import { loginViaApi } from '../support/session.js';
import { downloadInvoice, invoiceFileName, invoiceFiles } from '../support/files.js';
import { dutchEuro, dutchMonth, squash } from '../support/tables.js';
import { expect, test } from '../support/test.js';
import { expectScreen } from '../support/ui.js';

async function openAsDemoAdministrator(page: Page, path: string, title: string) {
  const session = await loginViaApi(page, demo.administrator.email, demo.password);
  await page.goto(path);
  await expectScreen(page, title);
  return new PortalApi(page.request, session.accessToken);
}

/** The memo cards of the dashboard: each an article named by its title. */
const memoCards = (page: Page) => page.getByRole('region', { name: 'Mededelingen' }).getByRole('article');

/** The FAQ items' titles: each the button in the heading of an expandable panel. */
const faqButtons = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');

/** The text a browser shows for a piece of html (parsed inert, in a template). */
const textOfHtml = (page: Page, html: string) =>
  page.evaluate((source) => {
    const template = document.createElement('template');
    template.innerHTML = source;
    return template.content.textContent ?? '';
  }, html);

/** What the sanitiser lets through (apps/web/src/features/faq/utils/sanitize-faq-html.ts). */
async function expectSanitised(panel: Locator) {
  const found = await panel.evaluate((root) => {
    const elements = Array.from(root.querySelectorAll('*'));
    return {
      tags: [...new Set(elements.map((e) => e.tagName.toLowerCase()))],
      attributes: [...new Set(elements.flatMap((e) => e.getAttributeNames()))],
      links: Array.from(root.querySelectorAll('a')).map((a) => ({
        href: a.getAttribute('href') ?? '',
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    };
  });
  for (const tag of found.tags) expect(['script', 'style', 'iframe', 'object', 'embed', 'img', 'form', 'input']).not.toContain(tag);
  for (const attribute of found.attributes) {
    expect(attribute).not.toMatch(/^on/);
    expect(['style', 'srcdoc', 'src']).not.toContain(attribute);
  }
  for (const link of found.links) expect(link.href).toMatch(/^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i);
  // Every link to another site opens in a tab of its own, without access to the portal.
  const external = found.links.filter((link) => /^https?:/i.test(link.href));
  expect(external).toEqual(external.map((link) => ({ ...link, target: '_blank', rel: 'noopener noreferrer' })));
}

test.describe('Dashboard', () => {
  test('shows the active memos as cards, newest first, and no expired or future memo', async ({ page }, testInfo) => {
    const api = await openAsDemoAdministrator(page, '/', 'Dashboard');
    const memos = await api.get(calls.memo.getActiveMemos);
    expect(memos.length, 'the demo has active memos').toBeGreaterThan(0);

    const cards = memoCards(page);
    await expect(cards).toHaveCount(memos.length);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(memos.map((m) => m.title));
    for (const [i, memo] of memos.entries()) {
      await expect(cards.nth(i)).toHaveAccessibleName(memo.title);
      // The text as the provider wrote it, its line breaks kept.
      expect(await cards.nth(i).getByText(memo.text.split('\n')[0]!).innerText()).toBe(memo.text);
    }

    // The demo's memos that are not active today (one expired, one still to come) are on no card.
    const now = new Date();
    const inactive = demoMemos(calendarDay(now)).filter((m) => m.activeFrom > now || (m.activeUntil !== null && m.activeUntil <= now));
    expect(inactive.length, 'the demo has expired and future memos').toBeGreaterThan(0);
    for (const memo of inactive) {
      expect(memos.map((m) => m.title)).not.toContain(memo.title);
      await expect(page.getByText(memo.title)).toHaveCount(0);
    }

    await saveScreen(page, testInfo, 'desktop-dashboard');
    await expectNoSeriousA11yViolations(page, '/ with memos');
  });

  test('below the memos, the overview: next deliveries, orders in production, the latest invoice to download, the forms', async ({
    page,
  }, testInfo) => {
    const api = await openAsDemoAdministrator(page, '/', 'Dashboard');
    const summary = await api.get(dashboardCalls.getSummary);
    const overview = page.getByRole('region', { name: 'Overzicht' });

    await test.step('the next delivery of each department is one of its agreements', async () => {
      const agreements = await api.allRows<DeliveryScheduleRow>(calls.deliverySchedule.getOrderFulfillmentSchedulesTable, { sortBy: 'facility', descending: false });
      expect(summary.nextDeliveries.items.length, 'the demo has delivery agreements').toBeGreaterThan(0);
      const deliveries = overview.getByRole('region', { name: 'Volgende leveringen' }).getByRole('listitem');
      await expect(deliveries).toHaveCount(summary.nextDeliveries.items.length);
      for (const [i, next] of summary.nextDeliveries.items.entries()) {
        const weekday = new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${next.date}T12:00:00Z`));
        expect(agreements.some((a) => a.facility === next.facility && a.arrivalDay.toLowerCase() === weekday && a.arrivalTime === next.time)).toBe(true);
        await expect(deliveries.nth(i)).toContainText(next.facility);
        await expect(deliveries.nth(i)).toContainText(`om ${next.time}`);
      }
    });

    await test.step('the orders in production', async () => {
      const production = overview.getByRole('region', { name: 'In productie' });
      await expect(production.getByRole('listitem')).toHaveCount(summary.inProduction.items.length);
      await expect(production.getByRole('link', { name: 'Alle inpakopdrachten' })).toHaveAttribute('href', '/packing-order');
    });

    await test.step('the latest invoice is the first row of Facturen, and its PDF downloads', async () => {
      const { items } = await api.table<InvoiceRow>(calls.invoice.getInvoiceTable, { sortBy: 'processedMonth', descending: true, page: 1, rowsPerPage: 10, search: '' });
      const newest = items[0]!;
      expect(summary.latestInvoice).toEqual(newest);
      const card = overview.getByRole('region', { name: 'Laatste factuur' });
      await expect(card).toContainText(`Factuurnummer ${newest.invoiceNumber}`);
      await expect(card).toContainText(dutchEuro(newest.invoiceAmount));
      const download = await downloadInvoice(page, card, dutchMonth(newest.processedMonth), 'PDF');
      expect(download.suggestedFilename()).toBe(invoiceFileName(newest.clientCode, newest.processedMonth, invoiceFiles[0]!));
    });

    await saveScreen(page, testInfo, 'desktop-dashboard-overview');
    await expectNoSeriousA11yViolations(page, '/ with the overview');

    await test.step('a form shortcut opens its form', async () => {
      const forms = overview.getByRole('region', { name: /formulieren$/i });
      await expect(forms.getByRole('link')).toHaveCount(4);
      // Which four depends on what the demo's staff sent (other tests send forms too): the first is followed.
      const first = forms.getByRole('link').first();
      const href = (await first.getAttribute('href'))!;
      expect(href).toMatch(/^\/forms\//);
      await first.click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});

test.describe('Veelgestelde vragen', () => {
  test('the items in their order; an item opens to its sanitised content and closes again', async ({ page }, testInfo) => {
    const api = await openAsDemoAdministrator(page, '/faq', 'Veelgestelde vragen');
    const items: FaqItem[] = await api.get(calls.faq.getFaqItems);
    expect(items.length).toBeGreaterThan(1);

    const buttons = faqButtons(page);
    await expect(buttons).toHaveText(items.map((i) => i.title));
    for (const button of await buttons.all()) await expect(button).toHaveAttribute('aria-expanded', 'false');

    // The first item, and one with a link (the demo's last item links to the website and a mail address).
    const withLink = items.find((i) => /<a\s/i.test(i.content))!;
    expect(withLink, 'the demo FAQ has an item with a link').toBeDefined();
    for (const item of [items[0]!, withLink]) {
      await test.step(item.title, async () => {
        const button = page.getByRole('button', { name: item.title, exact: true });
        const panel = page.getByRole('region', { name: item.title, exact: true });
        await expect(panel).toBeHidden();
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(panel).toBeVisible();
        // All of its text (as text content: paragraphs are blocks on the screen, not in the html's text).
        expect(squash((await panel.textContent()) ?? '')).toBe(squash(await textOfHtml(page, item.content)));
        await expectSanitised(panel);
      });
    }
    await saveScreen(page, testInfo, 'desktop-faq');
    await expectNoSeriousA11yViolations(page, '/faq with items open');

    await page.getByRole('button', { name: items[0]!.title, exact: true }).click();
    await expect(page.getByRole('button', { name: items[0]!.title, exact: true })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: items[0]!.title, exact: true })).toBeHidden();
  });

  test('the question box: required; a question is sent, the form cleared, and the service desk gets it by mail', async ({ page }) => {
    await openAsDemoAdministrator(page, '/faq', 'Veelgestelde vragen');
    const box = page.getByRole('region', { name: 'Staat uw vraag er niet bij?' });
    const question = box.getByRole('textbox', { name: 'Uw vraag' });
    const send = box.getByRole('button', { name: 'Vraag versturen' });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === calls.forms.askNonFaqQuestion.path) asked.push(r.postData() ?? '');
    });

    await send.click();
    await expect(box.getByText('Dit veld is verplicht', { exact: true })).toBeVisible();
    await expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toEqual([]);

    const text = `Kunnen wij de rollen van afdeling Noord voortaan op zaterdag ontvangen? (e2e ${randomBytes(4).toString('hex')})\nGraag een reactie per mail.`;
    const since = Date.now();
    await question.fill(text);
    await expect(box.getByText('Dit veld is verplicht', { exact: true })).toHaveCount(0);
    await send.click();
    await expect(box.getByRole('alert')).toContainText('Het indienen van uw vraag is gelukt');
    await expect(box.getByRole('alert')).toContainText(/Uw referentienummer is AAN-\d{4}-\d{6}\./);
    await expect(question).toHaveValue('');
    expect(asked).toHaveLength(1);

    // The provider's service desk: the server's SERVICE_MAIL_ADDRESS (its default unless the run sets one).
    const serviceDesk = portalEnv().SERVICE_MAIL_ADDRESS ?? 'service@mijnspits.nl';
    // The question may name a patient: the mail links to it in the back-office instead of quoting it (decision 0079).
    const [stored] = await queryPortalDb<{ id: number }>(`select id from form_submissions where payload->>'question' = $1`, [text]);
    const mail = await waitForMail({ to: serviceDesk, since, text: `/beheer/inbox/formulier/${stored?.id}` });
    expect(mail.subject).toContain('APO-1001');
    expect(mail.text).toContain(demo.administrator.email);
    expect(mail.text).not.toContain('zaterdag');
  });
});

test.describe('Contact', () => {
  test("shows the provider's contact text with its line breaks", async ({ page }, testInfo) => {
    const api = await openAsDemoAdministrator(page, '/contact', 'Contact');
    const { text } = await api.get(calls.contactDetails.get);
    const lines = text.split('\n');
    expect(lines.length, 'the demo contact text has several lines').toBeGreaterThan(2);

    const shown = page.getByRole('main').getByText(lines[0]!);
    await expect(shown).toBeVisible();
    expect((await shown.innerText()).split('\n').map((l) => l.trim())).toEqual(lines.map((l) => l.trim()));
    // Each line is a line of its own on the screen, not run together.
    const box = await shown.boundingBox();
    const lineHeight = await shown.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
    expect(box!.height).toBeGreaterThanOrEqual(lines.length * lineHeight - 1);

    await saveScreen(page, testInfo, 'desktop-contact');
    await expectNoSeriousA11yViolations(page, '/contact');
  });
});
