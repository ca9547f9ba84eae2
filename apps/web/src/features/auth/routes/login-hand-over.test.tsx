import { browserIdHeader, calls, passwordPolicy, validation } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installEarlyLogin, type EarlyLoginConfig } from '@/lib/early-login';
import { staticShellId } from '@/lib/early-page';
import { browserIdStorageKey } from '@/lib/browser-id';
import { getSession } from '@/lib/session';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { testSession } from '@/testing/session';
import { earlyLoginStateKey } from '../api/early-login';
import LoginRoute from './login';

const credentialsPath = calls.authentication.loginWithCredentials.path;
const config: EarlyLoginConfig = {
  shellId: staticShellId,
  stateKey: earlyLoginStateKey,
  callPath: credentialsPath,
  browserIdKey: browserIdStorageKey,
  browserIdHeader,
  passwordMaxLength: passwordPolicy.maxLength,
};

/**
 * The login page as the build renders it, with the early script installed from its source text alone, as the
 * page runs it: the script must need nothing from outside itself.
 */
function renderShell() {
  const shell = document.createElement('div');
  shell.id = staticShellId;
  shell.innerHTML =
    '<form><input name="emailAddress" type="email"/><input name="password" type="password"/>' +
    '<button type="submit" disabled>Inloggen</button></form>';
  document.body.append(shell);
  const install = new Function(`return ${installEarlyLogin.toString()}`)() as typeof installEarlyLogin;
  install(config);
  const form = shell.querySelector('form')!;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  return { shell, form, input };
}

function typeInShell(input: HTMLInputElement, text: string) {
  input.focus();
  input.value = text;
}

const renderLogin = () =>
  renderRoutes(
    [
      { path: '/auth', Component: LoginRoute },
      { path: '/', element: <h1>Dashboard</h1> },
    ],
    '/auth',
  );

afterEach(() => {
  document.getElementById(staticShellId)?.remove();
  Reflect.deleteProperty(window, earlyLoginStateKey);
});

describe('the login page before the app has started (decision 0101)', () => {
  it('sends the login at once; the app takes the values and that answer over and goes to the dashboard', async () => {
    const server = stubFetch((request) => (request.url.pathname === credentialsPath ? jsonResponse(testSession) : problemResponse(404)));
    const { form, input } = renderShell();
    expect(form.querySelector('button')).toBeEnabled();
    typeInShell(input('emailAddress'), ' anouk@example.nl ');
    typeInShell(input('password'), 'Geheim-1234');
    form.requestSubmit();
    const [sent] = server.requests(credentialsPath);
    expect(sent?.body).toEqual({ emailAddress: 'anouk@example.nl', password: 'Geheim-1234' });
    expect(sent?.headers.get(browserIdHeader)).toBe(localStorage.getItem(browserIdStorageKey));
    expect(input('password')).toHaveAttribute('readonly');

    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.getElementById(staticShellId)).toBeNull();
    // The early answer was the login: not sent a second time.
    expect(server.requests(credentialsPath)).toHaveLength(1);
    expect(getSession()?.accessToken).toBe(testSession.accessToken);
  });

  it('hands over what was typed and the focus, when nothing was submitted', async () => {
    const server = stubFetch(() => problemResponse(404));
    const { input } = renderShell();
    typeInShell(input('emailAddress'), 'anouk@example.nl');
    typeInShell(input('password'), 'Geheim');
    input('password').setSelectionRange(2, 4);

    renderLogin();
    const password = await screen.findByLabelText(/^Wachtwoord/, { selector: 'input' });
    expect(screen.getByLabelText(/^E-mailadres/)).toHaveValue('anouk@example.nl');
    expect(password).toHaveValue('Geheim');
    expect(password).toHaveFocus();
    expect([(password as HTMLInputElement).selectionStart, (password as HTMLInputElement).selectionEnd]).toEqual([2, 4]);
    expect(server.requests()).toHaveLength(0);
  });

  it('leaves a submit the app would refuse to the app, which says why with its own messages', async () => {
    const server = stubFetch(() => problemResponse(404));
    const { form, input } = renderShell();
    typeInShell(input('emailAddress'), 'anouk@example.nl');
    form.requestSubmit();
    expect(server.requests()).toHaveLength(0);

    renderLogin();
    expect(await screen.findByText(validation.passwordRequired)).toBeInTheDocument();
    const password = screen.getByLabelText(/^Wachtwoord/, { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    expect(server.requests()).toHaveLength(0);
  });

  it('a two-factor account sent early gets the code field from the app, the credentials kept', async () => {
    const server = stubFetch((request) => (request.url.pathname === credentialsPath ? problemResponse(409) : problemResponse(404)));
    const { form, input } = renderShell();
    typeInShell(input('emailAddress'), 'anouk@example.nl');
    typeInShell(input('password'), 'Geheim-1234');
    form.requestSubmit();

    renderLogin();
    const code = await screen.findByLabelText(/^Code/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByLabelText(/^E-mailadres/)).toHaveValue('anouk@example.nl');
    expect(server.requests(credentialsPath)).toHaveLength(1);
  });
});
