import { within } from '@testing-library/react';

/**
 * The texts of the options a select offers, in order. The first line a select without a value shows ("nothing
 * chosen yet") is hidden, no option a user can choose, and is not among them.
 */
export function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .map((option) => option.textContent ?? '');
}
