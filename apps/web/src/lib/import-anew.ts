/**
 * What a retry of a failed import() needs of the browser; the defaults are the browser's own, a test gives its own.
 */
export interface ImportAnewWays {
  /** import() of an address the bundler does not know */
  importAddress: (address: string) => Promise<unknown>;
  /** whether the server answers now (the network is back): it serves the page the user is on */
  answers: () => Promise<boolean>;
  /** the last resort: the page loaded anew, which starts with an empty module map */
  reload: () => void;
}

const browserWays: ImportAnewWays = {
  importAddress: (address) => import(/* @vite-ignore */ address),
  answers: () =>
    fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    ),
  reload: () => window.location.reload(),
};

/**
 * The address of the module a failed import() names, when it is one of this site's: Chromium and Firefox name it
 * in the message ("Failed to fetch dynamically imported module: https://…/assets/x-1a2b.js"), Safari does not.
 */
export function failedModuleAddress(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const found = /https?:\/\/[^\s'"]+?\.m?js(?=$|[\s'"?#),])/.exec(message)?.[0];
  if (!found) return null;
  const address = new URL(found);
  return address.origin === window.location.origin ? address.href : null;
}

/** The same module under an address of its own, which no module map has seen. */
function freshAddress(address: string): string {
  const url = new URL(address);
  url.searchParams.set('retry', Date.now().toString(36));
  return url.href;
}

/**
 * Imports a module again after its import failed, so that "Opnieuw proberen" fetches it anew in every browser.
 * Browsers that keep a failed import in their module map (Chromium before 156, and others that lag behind, as care
 * institutions' often do) answer a second import() of the same address with the first failure, without asking
 * the network. So: the import as written first (a browser of today fetches it again); then the failed module's
 * address with a query of its own; when that fails too while the server does answer (the browser keeps the failure
 * of a module it depends on, did not say which one failed, or a new release replaced the chunk), the page is loaded
 * anew as the last resort. While the server does not answer, the failure stands and the user can try again later.
 */
export async function importAnew<T>(load: () => Promise<T>, ways: ImportAnewWays = browserWays): Promise<T> {
  let failure: unknown;
  try {
    return await load();
  } catch (error) {
    failure = error;
  }
  const address = failedModuleAddress(failure);
  if (address) {
    try {
      return (await ways.importAddress(freshAddress(address))) as T;
    } catch {
      // the address alone was not enough: see whether the server answers
    }
  }
  if (await ways.answers()) {
    ways.reload();
    return new Promise<T>(() => undefined);
  }
  throw failure;
}
