import { useLayoutEffect } from 'react';

/** The element of the page the server rendered ahead of the app (the login page's, see login-shell.tsx). */
export const staticShellId = 'login-shell';

/**
 * Removes the page the server rendered ahead of the app, once the app shows a route of its own (the login page,
 * where a session sends on, or an error): in a layout effect, so that the browser never paints both or neither.
 * While the shell is there, the app's root is hidden by the shell's own style.
 */
export function useStaticShellRemoved() {
  useLayoutEffect(() => {
    document.getElementById(staticShellId)?.remove();
  }, []);
}
