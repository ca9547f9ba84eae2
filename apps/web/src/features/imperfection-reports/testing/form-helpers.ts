import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Name = string | RegExp;

/** A text field by its label (the label of a required field ends in an asterisk). */
export const fieldOf = (name: Name) => screen.getByRole('textbox', { name });

/** A dropdown by its label. */
export const comboboxOf = (name: Name) => screen.getByRole('combobox', { name });

/** Opens a dropdown and picks an option by its text. */
export async function chooseOption(user: UserEvent, field: Name, option: string): Promise<void> {
  await user.click(comboboxOf(field));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** Types a date as digits, day first ('03112026'), into the field by its label, as a phone's numeric keypad would. */
export async function typeDate(user: UserEvent, field: Name, digits: string): Promise<void> {
  await user.type(fieldOf(field), digits);
}

/** Types a time as digits on the 24-hour clock: '1730'. */
export const typeTime = typeDate;
