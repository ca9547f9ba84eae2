/**
 * The login page rendered at build time (app/login-shell.tsx) works before the app's scripts have arrived: this
 * function is inlined into that page (its source text, so it must use nothing from outside itself) and runs as
 * soon as the form is parsed. A submit sends the same login call the app sends and keeps its answer; the app,
 * once started, takes over what was typed, the focus and the answer (features/auth/api/early-login.ts) and
 * goes on from there: the dashboard, the two-factor step or the messages, all its own (decision 0101).
 */
export interface EarlyLoginConfig {
  shellId: string;
  /** The window property the app reads the hand-over from. */
  stateKey: string;
  callPath: string;
  browserIdKey: string;
  browserIdHeader: string;
  passwordMaxLength: number;
}

export interface EarlyLoginSent {
  emailAddress: string;
  password: string;
  /** The server's answer; rejected when the network failed. */
  answer: Promise<Response>;
}

export interface EarlyLoginState {
  /** The form was submitted before the app started: the app submits it again as its own, with its own checks. */
  submitted: boolean;
  /** Set when the typed values could be sent as the app would send them. */
  sent?: EarlyLoginSent;
}

export function installEarlyLogin(config: EarlyLoginConfig): void {
  const shell = document.getElementById(config.shellId);
  const form = shell?.querySelector('form');
  const button = form?.querySelector('button[type="submit"]');
  if (!shell || !form || !button) return;
  const state: EarlyLoginState = { submitted: false };
  Object.defineProperty(window, config.stateKey, { value: state, configurable: true });
  const valueOf = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field : null;
  };
  // The app makes and keeps this id the same way (lib/browser-id.ts): a first login is not told apart otherwise.
  const browserId = () => {
    try {
      let id = localStorage.getItem(config.browserIdKey);
      if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
        const bytes = crypto.getRandomValues(new Uint8Array(16));
        id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        localStorage.setItem(config.browserIdKey, id);
      }
      return id;
    } catch {
      return null;
    }
  };
  form.addEventListener('input', (event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement) field.closest('.MuiFormControl-root')?.toggleAttribute('data-filled', field.value !== '');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.submitted) return;
    state.submitted = true;
    // As the app's button while it logs in: busy, and what was sent stays as it was until the app takes over.
    button.setAttribute('aria-disabled', 'true');
    button.setAttribute('aria-busy', 'true');
    for (const name of ['emailAddress', 'password']) valueOf(name)?.setAttribute('readonly', '');
    const emailAddress = valueOf('emailAddress')?.value.trim() ?? '';
    const password = valueOf('password')?.value ?? '';
    // Only what the app's checks would pass is sent; anything else the app says, with its own messages.
    const plausible = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailAddress) && emailAddress.length <= 254;
    if (!plausible || password === '' || password.length > config.passwordMaxLength) return;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    const id = browserId();
    if (id) headers[config.browserIdHeader] = id;
    const answer = fetch(config.callPath, {
      method: 'POST',
      headers,
      body: JSON.stringify({ emailAddress, password }),
      credentials: 'same-origin',
    });
    // Read by the app; an unread rejection here is not an error of the page.
    answer.catch(() => undefined);
    state.sent = { emailAddress, password, answer };
  });
  button.removeAttribute('disabled');
  form.setAttribute('data-early-login', 'ready');
}
