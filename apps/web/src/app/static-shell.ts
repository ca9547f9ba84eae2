import { useLayoutEffect } from 'react';

import { earlyMemosId, staticShellId } from '@/lib/early-page';

export { staticShellId };

/**
 * Removes the page the server rendered ahead of the app (or the memos the page showed), once the app shows a route of its own (the login page,
 * where a session sends on, or an error): in a layout effect, so that the browser never paints both or neither.
 * While the shell is there, the app's root is hidden by the shell's own style.
 */
export function useStaticShellRemoved() {
  useLayoutEffect(() => {
    for (const id of [staticShellId, earlyMemosId]) document.getElementById(id)?.remove();
  }, []);
}
