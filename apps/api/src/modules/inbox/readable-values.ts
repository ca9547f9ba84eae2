import { dutchDate, dutchMoment, yesNo } from '../../lib/dutch-dates.js';

/** The pieces a readable form is made of (see readable-form.ts). */

export interface ReadableField {
  label: string;
  value: string;
}

/** One line of a readable form: a label and its value, absent when the customer left it empty. */
export type ReadableLine = readonly [label: string, value: string | null | undefined];

/** The stored payload, read defensively: it was valid when sent, but is read by a later version. */
export type Payload = Record<string, unknown>;

export const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
export const date = (value: unknown): string | null => (typeof value === 'string' ? (dutchDate(value) ?? value) : null);
export const moment = (value: unknown): string | null => (typeof value === 'string' ? (dutchMoment(value) ?? value) : null);
export const flag = (value: unknown): string | null => (typeof value === 'boolean' ? yesNo(value) : null);
/** A stored code by its Dutch name; a code the labels do not know, as stored. */
export const choice = (labels: Readonly<Record<string, string>>, value: unknown): string | null =>
  typeof value === 'string' ? (labels[value] ?? value) : null;

export function fieldsOf(lines: readonly ReadableLine[]): ReadableField[] {
  return lines.flatMap(([label, value]) => (value === null || value === undefined || value.trim() === '' ? [] : [{ label, value: value.trim() }]));
}
