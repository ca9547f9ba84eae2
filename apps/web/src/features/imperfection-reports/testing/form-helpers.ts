import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { optionTexts } from '@/testing/native-select';

type Name = string | RegExp;

/** A text field by its label (the label of a required field ends in an asterisk). */
export const fieldOf = (name: Name) => screen.getByRole('textbox', { name });

/** A dropdown by its label. */
export const comboboxOf = (name: Name) => screen.getByRole('combobox', { name });

/** The options a dropdown offers, by its label (without the empty line of a dropdown where nothing is chosen). */
export const optionsOf = (name: Name) => optionTexts(comboboxOf(name));

/** Picks an option of a dropdown (the browser's own select) by its text. */
export async function chooseOption(user: UserEvent, field: Name, option: string): Promise<void> {
  const select = comboboxOf(field);
  await user.selectOptions(select, within(select).getByRole('option', { name: option }));
}

/** Types a date as digits, day first ('03112026'), into the field by its label, as a phone's numeric keypad would. */
export async function typeDate(user: UserEvent, field: Name, digits: string): Promise<void> {
  await user.type(fieldOf(field), digits);
}

/** Types a time as digits on the 24-hour clock: '1730'. */
export const typeTime = typeDate;
