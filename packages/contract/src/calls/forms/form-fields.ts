import { z } from 'zod';
import { validation as v } from '../../messages.js';

/** What the form calls share: text limits, blank checks, rules that run on the raw payload, checkboxes. */

/** Free text a user writes (a question, a description, actions taken). */
export const longText = 4000;

export const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

/**
 * Conditional rules run even when other fields already failed, so that one answer lists every problem.
 * Their function therefore sees the raw payload and must not trust the types of the other fields.
 */
export const alwaysOnObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
export type Raw = Record<string, unknown>;

/** A boolean the user ticks or not; absent means not ticked. */
export const checkbox = () => z.boolean({ error: v.invalidValue }).default(false);
