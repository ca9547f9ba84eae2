/**
 * The dashboard opened directly shows its memos before the app's scripts have arrived: this function is the
 * source of a small script of the page (apps/web/vite-login-shell.ts writes it; it must use nothing from outside itself).
 * With a stored session on the dashboard's address it fetches the memos at once and, while the app shows nothing
 * yet or only its loading state (the element marked `loadingAttribute`), shows them as plain cards; the app takes the answer over as its own (features/dashboard/api/
 * early-memos.ts) and replaces the cards as it shows its first route (app/static-shell.ts). Rich text is shown as
 * its text only, read by an inert parser: nothing of it runs or loads here (decision 0101).
 */
export interface EarlyMemosConfig {
  /** The dashboard's address: anywhere else the script does nothing. */
  path: string;
  sessionKey: string;
  callPath: string;
  stateKey: string;
  previewId: string;
  /** The attribute of the app's loading state while its first route's code comes: the memos still show then. */
  loadingAttribute: string;
  heading: string;
  none: string;
}

export interface EarlyMemosState {
  /** The server's answer as it came (the app checks it against the contract before it takes it). */
  data: unknown;
  /** When it came, for the app's cache. */
  at: number;
}

export function installEarlyMemos(config: EarlyMemosConfig): void {
  if (window.location.pathname !== config.path) return;
  let token: unknown;
  try {
    const stored = JSON.parse(localStorage.getItem(config.sessionKey) ?? 'null') as { accessToken?: unknown } | null;
    token = stored?.accessToken;
  } catch {
    return;
  }
  if (typeof token !== 'string') return;
  const element = (tag: string, style: string, text?: string) => {
    const made = document.createElement(tag);
    made.setAttribute('style', style);
    if (text !== undefined) made.textContent = text;
    return made;
  };
  const plainText = (text: string) =>
    /<\/?[a-z][\s\S]*>/i.test(text) ? (new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '') : text;
  const show = (memos: { memoId?: unknown; title?: unknown; text?: unknown }[]) => {
    const root = document.getElementById('root');
    // The app shows a page already: it shows the memos itself. Its loading state is no page: on a phone's slow CPU
    // the answer is often read only after the app has started loading its first route. (Run from the head, the
    // answer never comes before the page's body is there.)
    if (!root || (root.childElementCount > 0 && !root.firstElementChild?.hasAttribute(config.loadingAttribute))) return;
    const section = element('section', 'padding:16px 16px 24px;font-family:Roboto,Helvetica,Arial,sans-serif;color:rgba(0,0,0,0.87)');
    section.id = config.previewId;
    section.setAttribute('aria-labelledby', `${config.previewId}-heading`);
    const heading = element('h2', 'font-size:1.5rem;font-weight:500;margin:0 0 16px', config.heading);
    heading.id = `${config.previewId}-heading`;
    section.append(heading);
    if (memos.length === 0) section.append(element('p', 'margin:0;color:rgba(0,0,0,0.6)', config.none));
    for (const memo of memos) {
      const card = element('article', 'border:1px solid rgba(0,0,0,0.12);border-radius:4px;padding:16px;margin-bottom:16px;background:#fff');
      card.append(element('h3', 'font-size:1.25rem;font-weight:500;margin:0 0 8px', String(memo.title ?? '')));
      card.append(element('p', 'margin:0;white-space:pre-line;overflow-wrap:anywhere;line-height:1.5', plainText(String(memo.text ?? ''))));
      section.append(card);
    }
    section.setAttribute('data-memos', 'shown');
    root.before(section);
  };
  fetch(config.callPath, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .then((data) => {
      // An expired token or anything else: the app fetches the memos itself, renewing the token as it does.
      if (!Array.isArray(data)) return;
      const state: EarlyMemosState = { data, at: Date.now() };
      Object.defineProperty(window, config.stateKey, { value: state, configurable: true });
      show(data as { memoId?: unknown; title?: unknown; text?: unknown }[]);
    })
    .catch(() => undefined);
}
