import { within } from '@testing-library/react';

/**
 * The texts of the options a select offers, in order. A select without a value shows an empty first line (value
 * '', "nothing chosen yet"): that line is no choice, and is left out.
 */
export function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .filter((option) => option.value !== '')
    .map((option) => option.textContent ?? '');
}
