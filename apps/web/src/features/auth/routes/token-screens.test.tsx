import { calls, feedback, validation } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import ActivateAccountRoute from './activate-account';
import LoginRoute from './login';
import ResetPasswordRoute from './reset-password';
import ResetPasswordUpdateRoute from './reset-password-update';

const auth = calls.authentication;

const renderAuth = (url: string) =>
  renderRoutes(
    [
      { path: '/auth', Component: LoginRoute },
      { path: '/auth/reset-password', Component: ResetPasswordRoute },
      { path: '/auth/reset-password/update', Component: ResetPasswordUpdateRoute },
      { path: '/auth/activate', Component: ActivateAccountRoute },
    ],
    url,
  );

describe('the password reset screen', () => {
  it('checks the token, then sets the new password', async () => {
    let answerCheck!: () => void;
    const checkAnswered = new Promise<void>((resolve) => {
      answerCheck = resolve;
    });
    const server = stubFetch(async (request) => {
      if (request.url.pathname === auth.isPasswordResetTokenValid.path) {
        await checkAnswered;
        return jsonResponse(true);
      }
      if (request.url.pathname === auth.resetPassword.path) return new Response(null, { status: 204 });
      return problemResponse(404);
    });
    const user = userEvent.setup();
    renderAuth('/auth/reset-password/update?token=abc123');

    expect(await screen.findByText(feedback.pleaseWait)).toBeInTheDocument();
    answerCheck();
    const password = await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' });
    expect(server.requests(auth.isPasswordResetTokenValid.path)[0]?.body).toEqual({ passwordResetToken: 'abc123' });

    // An empty submit says what is missing, the repeat included.
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText(validation.passwordRepeatMismatch)).toBeInTheDocument();
    expect(server.requests(auth.resetPassword.path)).toHaveLength(0);

    await user.type(password, 'Nieuw-wachtwoord1');
    await user.type(screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }), 'Nieuw-wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));

    expect(await screen.findByText(feedback.resetSucceeded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/auth');
    expect(server.requests(auth.resetPassword.path)[0]?.body).toEqual({
      passwordResetToken: 'abc123',
      password: 'Nieuw-wachtwoord1',
      passwordRepeat: 'Nieuw-wachtwoord1',
    });
  });

  it('shows the error state for a missing token without asking the server', async () => {
    const server = stubFetch(() => problemResponse(404));
    renderAuth('/auth/reset-password/update');
    expect(await screen.findByText(feedback.resetFailed)).toBeInTheDocument();
    expect(server.mock).not.toHaveBeenCalled();
  });

  it('says a link that is expired or used no longer works, and offers to send a new one', async () => {
    stubFetch(() => jsonResponse(false));
    const user = userEvent.setup();
    renderAuth('/auth/reset-password/update?token=used');
    expect(await screen.findByText(feedback.resetFailed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Deze link werkt niet meer: hij is verlopen of al gebruikt.');
    expect(screen.queryByLabelText(/^Nieuw wachtwoord/, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Nieuwe link aanvragen' }));
    expect(await screen.findByRole('heading', { name: 'Wachtwoord vergeten' })).toBeInTheDocument();
  });

  it('does not call a link expired when the check itself failed (server gone): it says the failure', async () => {
    stubFetch(() => problemResponse(503));
    renderAuth('/auth/reset-password/update?token=abc');
    expect(await screen.findByText(new RegExp(feedback.resetFailed))).toBeInTheDocument();
    expect(screen.queryByText(/verlopen of al gebruikt/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nieuwe link aanvragen' })).not.toBeInTheDocument();
  });

  it('keeps the form and says so when the reset fails', async () => {
    stubFetch((request) =>
      request.url.pathname === auth.isPasswordResetTokenValid.path ? jsonResponse(true) : problemResponse(400),
    );
    const user = userEvent.setup();
    renderAuth('/auth/reset-password/update?token=abc123');

    await user.type(await screen.findByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }), 'Nieuw-wachtwoord1');
    await user.type(screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }), 'Nieuw-wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(feedback.resetFailed);
    expect(screen.getByLabelText(/^Nieuw wachtwoord/, { selector: 'input' })).toBeInTheDocument();
  });
});

describe('the activation screen', () => {
  it('checks the activation token, then activates the account', async () => {
    const server = stubFetch((request) => {
      if (request.url.pathname === auth.isActivationKeyValid.path) return jsonResponse(true);
      if (request.url.pathname === auth.activateAccount.path) return new Response(null, { status: 204 });
      return problemResponse(404);
    });
    const user = userEvent.setup();
    renderAuth('/auth/activate?token=welkom');

    await user.click(await screen.findByRole('button', { name: 'Account activeren' }));
    expect(await screen.findByText(validation.newPasswordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/, { selector: 'input' }), 'Eerste-wachtwoord1');
    await user.type(screen.getByLabelText(/^Herhaal nieuw wachtwoord/, { selector: 'input' }), 'Eerste-wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Account activeren' }));

    expect(await screen.findByText(feedback.activationSucceeded)).toBeInTheDocument();
    expect(server.requests(auth.activateAccount.path)[0]?.body).toEqual({
      activationToken: 'welkom',
      password: 'Eerste-wachtwoord1',
      passwordRepeat: 'Eerste-wachtwoord1',
    });
  });

  it('shows the error state for an invalid activation token', async () => {
    stubFetch(() => problemResponse(400));
    renderAuth('/auth/activate?token=onbekend');
    expect(await screen.findByText(feedback.activationFailed)).toBeInTheDocument();
  });

  it('says an expired or used activation link no longer works and whom to ask, with a way to a new password', async () => {
    stubFetch(() => jsonResponse(false));
    renderAuth('/auth/activate?token=gebruikt');
    expect(await screen.findByText(feedback.activationFailed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Vraag de administrator van uw organisatie om een nieuwe uitnodiging.');
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten' })).toHaveAttribute('href', '/auth/reset-password');
  });
});

describe('the reset request screen', () => {
  it('requests a reset link and says an e-mail will follow', async () => {
    const server = stubFetch(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderAuth('/auth/reset-password');

    await user.type(await screen.findByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.click(screen.getByRole('button', { name: 'Reset link aanvragen' }));

    expect(await screen.findByText(feedback.resetRequestSucceeded)).toBeInTheDocument();
    expect(server.requests(auth.requestPasswordResetToken.path)[0]?.body).toEqual({ emailAddress: 'anouk@example.nl' });
    expect(screen.getByLabelText(/^E-mailadres/)).toHaveValue('');
  });

  it('says so when the request fails, and requires the address', async () => {
    stubFetch(() => problemResponse(500));
    const user = userEvent.setup();
    renderAuth('/auth/reset-password');

    await user.click(await screen.findByRole('button', { name: 'Reset link aanvragen' }));
    expect(await screen.findByText(validation.emailRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^E-mailadres/), 'anouk@example.nl');
    await user.click(screen.getByRole('button', { name: 'Reset link aanvragen' }));
    expect(await screen.findByText(feedback.resetRequestFailed)).toBeInTheDocument();
  });
});
