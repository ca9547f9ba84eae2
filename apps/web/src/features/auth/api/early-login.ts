import { calls, type AuthData } from '@portal/contract';
import type { EarlyLoginState } from '@/lib/early-login';
import { toApiError } from '@/lib/api-client';
import { readResult } from '@/lib/call-request';

/** The window property through which the login page rendered at build time hands over to the app (decision 0101). */
export const earlyLoginStateKey = 'portalEarlyLogin';

export interface ShellHandOver {
  values: { emailAddress: string; password: string };
  /** The field that had the focus, and its caret, when the browser keeps one for its type. */
  focus?: { name: 'emailAddress' | 'password'; selection: [number, number] | null };
  /** The form was submitted before the app started. */
  submitted: boolean;
}

const stateOf = () => (window as unknown as Record<string, EarlyLoginState | undefined>)[earlyLoginStateKey];

/** What was typed, focused and submitted in the rendered login page; null when the app started without it. */
export function readShellHandOver(shell: HTMLElement | null): ShellHandOver | null {
  const form = shell?.querySelector('form');
  if (!form) return null;
  const input = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field : null;
  };
  const focused = document.activeElement;
  const focusName = focused instanceof HTMLInputElement && form.contains(focused) ? focused.name : null;
  return {
    values: { emailAddress: input('emailAddress')?.value ?? '', password: input('password')?.value ?? '' },
    focus:
      focused instanceof HTMLInputElement && (focusName === 'emailAddress' || focusName === 'password')
        ? { name: focusName, selection: focused.selectionStart === null ? null : [focused.selectionStart, focused.selectionEnd ?? focused.selectionStart] }
        : undefined,
    submitted: stateOf()?.submitted === true,
  };
}

/**
 * The answer to the login the rendered page already sent, when the app would send the same: read as the app
 * reads its own (a non-2xx an ApiError). Taken once; null when there is none to take, or when that request never
 * got an answer (the app then sends its own).
 */
export async function takeEarlyAnswer(input: { emailAddress: string; password: string; pin?: string; backupCode?: string }): Promise<AuthData | null> {
  const state = stateOf();
  const sent = state?.sent;
  if (!state || !sent || input.pin !== undefined || input.backupCode !== undefined) return null;
  state.sent = undefined;
  if (sent.emailAddress !== input.emailAddress || sent.password !== input.password) return null;
  const response = await sent.answer.catch(() => null);
  if (!response) return null;
  if (!response.ok) throw await toApiError(response);
  return (await readResult(calls.authentication.loginWithCredentials, response)) as AuthData;
}
