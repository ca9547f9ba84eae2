import type { Page } from '@playwright/test';
import { addDays, amsterdamDate } from '@portal/contract';
import { demo } from './accounts.js';
import { loginViaApi } from './session.js';
import { expect } from './test.js';
import { expectScreen } from './ui.js';

/** Where the provider receives the request forms (the server's SERVICE_MAIL_ADDRESS default). */
export const serviceMailbox = 'service@mijnspits.nl';

/** A text no other test sends, to find this test's mail and rows. */
export const marker = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const monthNames = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** A day from today in Amsterdam: as typed in the form (dd-mm-jjjj) and as the provider's mail writes it. */
export function dutchDay(days: number): { iso: string; dutch: string; written: string } {
  const iso = addDays(amsterdamDate(new Date()), days);
  const [year, month, day] = iso.split('-');
  return { iso, dutch: `${day}-${month}-${year}`, written: `${Number(day)} ${monthNames[Number(month) - 1]} ${year}` };
}

export const patientBox = (page: Page) => page.getByRole('combobox', { name: 'Patiënt' });

/** The patients the search offers: the options of its listbox, not those of the form's dropdowns (native selects). */
export const patientOptions = (page: Page) => page.getByRole('listbox', { name: /^Patiënt/ }).getByRole('option');

/** Logs the demo employee in and opens a request form, with its "Ingediend door" line. */
export async function openForm(page: Page, url: string, title: string) {
  await loginViaApi(page, demo.employee.email, demo.password);
  await page.goto(url);
  await expectScreen(page, title);
  await expect(page.getByText(/^Ingediend door /)).toBeVisible();
}
