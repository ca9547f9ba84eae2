import { useLayoutEffect, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { staticShellId } from '@/lib/early-page';
import { readShellHandOver } from '../api/early-login';

interface LoginFields {
  emailAddress: string;
  password: string;
  pin: string;
  backupCode: string;
}

// Rendered at build time too (app/login-shell.tsx), where there is no document.
const readShell = () => (typeof document === 'undefined' ? null : readShellHandOver(document.getElementById(staticShellId)));

/** What was typed in the login page rendered at build time, for the app's form to start with. */
export function useShellValues() {
  const [handOver] = useState(readShell);
  return handOver?.values;
}

/**
 * The app's login form takes over from the one rendered at build time (decision 0101): it started with what was
 * typed there (useShellValues); here the focus and a submit made there, which this form makes again as its own
 * (the answer already on its way is used, api/early-login.ts). In a layout effect, before the root route's
 * removes the rendered page, so that the focus lands on a field that is shown in the first paint.
 */
export function useShellHandOver<TOut>(form: UseFormReturn<LoginFields, unknown, TOut>, formRef: RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    const handOver = readShell();
    if (!handOver) return;
    document.getElementById(staticShellId)?.remove();
    // Typed between the app's render and now: rare, but not lost.
    const { values } = handOver;
    if (values.emailAddress !== form.getValues('emailAddress')) form.setValue('emailAddress', values.emailAddress);
    if (values.password !== form.getValues('password')) form.setValue('password', values.password);
    const focused = handOver.focus && formRef.current?.elements.namedItem(handOver.focus.name);
    if (handOver.focus && focused instanceof HTMLInputElement) {
      focused.focus();
      if (handOver.focus.selection) focused.setSelectionRange(...handOver.focus.selection);
    }
    // Through the form's own submit: its checks, its messages and its focus on the first wrong field.
    if (handOver.submitted) formRef.current?.requestSubmit();
  }, [form, formRef]);
}
