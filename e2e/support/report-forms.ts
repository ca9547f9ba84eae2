import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { samplePng } from './images.js';
import { patientOptions } from './request-forms.js';
import { screensDir } from './screens.js';

/**
 * Chooses an option of a dropdown (the browser's own select) by the dropdown's label and the option's text, as a
 * user does; `scope` narrows the search for the label (a dialog whose radio shares the dropdown's name).
 */
export async function chooseOption(scope: Page | Locator, label: string | RegExp, option: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  await select.selectOption({ label: option });
  await expect(select.locator('option:checked')).toHaveText(option);
}

/** Types into a date or time field by its label as a phone's numeric keypad would: digits only ('03112026', '1730'). */
export async function typeInPicker(page: Page, label: string | RegExp, digits: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).pressSequentially(digits);
}

/** Opens the calendar of a date field by the field's label; answers the calendar's dialog. */
export async function openCalendar(page: Page, label: string): Promise<Locator> {
  const control = page.locator('.MuiFormControl-root', { has: page.getByRole('textbox', { name: label, exact: true }) });
  await control.getByRole('button', { name: /^Kies datum/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('grid')).toBeVisible();
  return dialog;
}

/** Types part of a name into the patient search and picks the first patient shown; answers name and department. */
export async function choosePatient(page: Page, typed = 'jan'): Promise<{ name: string; facility: string }> {
  await page.getByRole('combobox', { name: /^Patiënt/ }).pressSequentially(typed, { delay: 50 });
  const option = patientOptions(page).first();
  await expect(option).toBeVisible({ timeout: 10_000 });
  const name = (await option.locator('span').first().textContent()) ?? '';
  const details = (await option.locator('span').nth(1).textContent()) ?? '';
  await option.click();
  return { name, facility: details.split(' · ')[1] ?? '' };
}

/** Chooses a real PNG photo in the form's upload field and waits until it is uploaded. */
export async function choosePhoto(page: Page, name = 'zakje.png'): Promise<void> {
  await page.getByTestId('file-upload-input-Photo').setInputFiles({ name, mimeType: 'image/png', buffer: samplePng() });
  await expect(page.getByText(`${name} is geüpload`).first()).toBeVisible({ timeout: 15_000 });
}

/**
 * A full-page screenshot for people to look at: into E2E_SHOTS_DIR when set (outside the repository),
 * otherwise beside the run's other screens; attached to the report either way.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR ?? screensDir;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Nothing sticks out sideways: the page fits the width of the screen. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
