import { backupCodeLoginCalls, calls, feedback, validation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { testSession } from '@/testing/session';
import LoginRoute from './login';

const credentialsPath = calls.authentication.loginWithCredentials.path;
const totpPath = calls.authentication.loginWithTotp.path;

function stubServer(loginWithCredentials: () => Response) {
  return stubFetch((request) => {
    switch (request.url.pathname) {
      case credentialsPath:
        return loginWithCredentials();
      case totpPath:
        return jsonResponse(testSession);
      default:
        return problemResponse(404);
    }
  });
}

/** The login screen, and a stand-in for the dashboard it leads to. */
const renderLogin = () =>
  renderRoutes(
    [
      { path: '/auth', Component: LoginRoute },
      { path: '/', element: <h1>Dashboard</h1> },
    ],
    '/auth',
  );

const emailField = () => screen.getByLabelText(/^E-mailadres/);
const passwordField = () => screen.getByLabelText(/^Wachtwoord/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Inloggen' });

describe('the login screen', () => {
  it('reveals the code field after a 409 and then logs in with the code', async () => {
    const server = stubServer(() => problemResponse(409));
    const user = userEvent.setup();
    const { router } = renderLogin();

    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();

    await user.type(emailField(), 'anouk@example.nl');
    await user.type(passwordField(), 'Geheim-1234');
    await user.click(submitButton());

    const codeField = await screen.findByLabelText(/^Code/);
    expect(codeField).toHaveFocus();
    // Back to the initial state: no failure shown.
    expect(screen.queryByText(feedback.loginFailed)).not.toBeInTheDocument();
    expect(server.requests(credentialsPath)[0]?.body).toEqual({ emailAddress: 'anouk@example.nl', password: 'Geheim-1234' });

    await user.click(submitButton());
    expect(await screen.findByText(validation.codeRequired)).toBeInTheDocument();
    expect(server.requests(totpPath)).toHaveLength(0);

    await user.type(codeField, '123456');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.requests(totpPath)[0]?.body).toEqual({
      emailAddress: 'anouk@example.nl',
      password: 'Geheim-1234',
      pin: '123456',
    });
    expect(getSession()).toEqual(testSession);
  });

  it("says the spec's login failure for a wrong or used code, with a second line that the code was wrong or used", async () => {
    stubFetch((request) =>
      request.url.pathname === credentialsPath
        ? problemResponse(409)
        : jsonResponse({ type: 'about:blank', title: feedback.loginCodeWrong, status: 400, errors: { pin: [feedback.loginCodeWrong] } }, 400),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.type(passwordField(), 'Geheim-1234');
    await user.click(submitButton());
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(feedback.loginFailed)).toBeInTheDocument();
    expect(within(alert).getByText(feedback.loginCodeWrong)).toBeInTheDocument();
    expect(alert).toHaveTextContent(`${feedback.loginFailed}${feedback.loginCodeWrong}`);
    // Said once: not again under the code field.
    expect(screen.getAllByText(feedback.loginCodeWrong)).toHaveLength(1);
  });

  it('logs in with a backup code when the phone is not at hand, and says a used one in its own words', async () => {
    const backupPath = backupCodeLoginCalls.loginWithBackupCode.path;
    let used = false;
    const server = stubFetch((request) => {
      if (request.url.pathname === credentialsPath) return problemResponse(409);
      if (request.url.pathname !== backupPath) return problemResponse(404);
      if (used) return jsonResponse(testSession);
      used = true;
      return jsonResponse(
        { type: 'about:blank', title: feedback.loginBackupCodeWrong, status: 400, errors: { backupCode: [feedback.loginBackupCodeWrong] } },
        400,
      );
    });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.type(passwordField(), 'Geheim-1234');
    await user.click(submitButton());
    await screen.findByLabelText(/^Code/);

    await user.click(screen.getByRole('button', { name: 'Telefoon niet bij de hand? Log in met een back-upcode' }));
    const backupField = screen.getByLabelText(/^Back-upcode/);
    expect(backupField).toHaveFocus();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    expect(screen.getByText(/Vraag een administrator van uw organisatie/)).toBeInTheDocument();

    await user.click(submitButton());
    expect(await screen.findByText(validation.backupCodeRequired)).toBeInTheDocument();
    expect(server.requests(backupPath)).toHaveLength(0);

    await user.type(backupField, 'k7mq2-xw9pd');
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${feedback.loginFailed}${feedback.loginBackupCodeWrong}`);
    expect(screen.getAllByText(feedback.loginBackupCodeWrong)).toHaveLength(1);

    await user.clear(backupField);
    await user.type(backupField, 'ABCDE-FGHJK');
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.requests(backupPath).map((r) => r.body)).toEqual([
      { emailAddress: 'anouk@example.nl', password: 'Geheim-1234', backupCode: 'k7mq2-xw9pd' },
      { emailAddress: 'anouk@example.nl', password: 'Geheim-1234', backupCode: 'ABCDE-FGHJK' },
    ]);
    expect(server.requests(totpPath)).toHaveLength(0);
  });

  it('logs in without a code when the server does not ask for one', async () => {
    const server = stubServer(() => jsonResponse(testSession));
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.type(passwordField(), 'Geheim-1234');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.requests(totpPath)).toHaveLength(0);
    expect(getSession()).toEqual(testSession);
  });

  it('says which fields are required', async () => {
    const server = stubServer(() => jsonResponse(testSession));
    const user = userEvent.setup();
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByText(validation.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(validation.passwordRequired)).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(server.mock).not.toHaveBeenCalled();
  });

  it('shows the failure message when the server refuses the login', async () => {
    stubServer(() => problemResponse(401));
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.type(passwordField(), 'fout');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.loginFailed);
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('links to the password reset request', async () => {
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute('href', '/auth/reset-password');
  });
});
