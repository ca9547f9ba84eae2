import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A form field by its accessible name (the label without the required asterisk, which is aria-hidden).
 * Playwright gives password inputs the textbox role too.
 */
export const field = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });

/** The top bar of the dashboard layout: screen title, first name and its initial. */
export const topBar = (page: Page) => page.getByRole('banner');

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'E-mailadres').fill(email);
  await field(page, 'Wachtwoord').fill(password);
}

export const submitLogin = (page: Page) => page.getByRole('button', { name: 'Inloggen', exact: true }).click();

/** The dashboard is shown with this title in the top bar and the document title. */
export async function expectScreen(page: Page, title: string): Promise<void> {
  await expect(topBar(page).getByText(title, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Mijn Spits`);
}

/** The side menu (permanent on a desktop, a drawer on a phone). */
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

/**
 * A message under a form's field: the text outside the error summary of a long form (which repeats every message
 * as a link to its field).
 */
export const fieldMessage = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).and(page.locator(':not([data-testid="error-summary"] *)'));
