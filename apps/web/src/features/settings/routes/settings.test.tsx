import { calls, feedback, validation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes, type Routes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import SettingsRoute from './settings';

const setupCode = {
  qrSetupCodeImage: 'data:image/png;base64,iVBORw0KGgo=',
  manualEntryKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  enabled: false,
};

const noContent = () => new Response(null, { status: 204 });

/** The account calls of the settings page, with the 2FA status as state the calls change; `routes` answer instead. */
function stubAccount(options: { totpEnabled: boolean; routes?: Routes }) {
  let totpEnabled = options.totpEnabled;
  return stubRoutes({
    [calls.account.isTotpEnabled.path]: () => jsonResponse(totpEnabled),
    [calls.account.getTotpSetupCode.path]: () => jsonResponse(setupCode),
    [calls.account.enableTotp.path]: () => {
      totpEnabled = true;
      return noContent();
    },
    [calls.account.disableTotp.path]: () => {
      totpEnabled = false;
      return noContent();
    },
    [calls.account.updatePassword.path]: noContent,
    ...options.routes,
  });
}

const renderSettings = () => openRoute(SettingsRoute, '/settings');

const card = (name: string) => screen.getByRole('region', { name });
const input = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label, { selector: 'input' });

/** Fills in the password and the code of the card with two-factor login on, and asks to turn it off. */
async function turnTwoFactorOff(user: UserEvent, code: string): Promise<HTMLElement> {
  const twoFactor = await screen.findByRole('region', { name: 'Tweestapsverificatie' });
  await user.type(await within(twoFactor).findByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
  await user.type(input(twoFactor, /^Code/), code);
  await user.click(within(twoFactor).getByRole('button', { name: 'Deactiveren' }));
  return twoFactor;
}

describe('the settings page', () => {
  it('offers to turn two-factor login on with a QR code and the key to type', async () => {
    const server = stubAccount({ totpEnabled: false });
    const { user } = renderSettings();

    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeInTheDocument();
    const twoFactor = card('Tweestapsverificatie');
    expect(await within(twoFactor).findByRole('img', { name: /QR-code/ })).toHaveAttribute('src', setupCode.qrSetupCodeImage);
    expect(within(twoFactor).getByTestId('totp-secret')).toHaveTextContent(setupCode.manualEntryKey);

    await user.click(within(twoFactor).getByRole('button', { name: 'Activeren' }));
    expect(await within(twoFactor).findByText(validation.twoFactorPasswordRequired)).toBeInTheDocument();
    expect(within(twoFactor).getByText(validation.codeRequired)).toBeInTheDocument();

    await user.type(input(twoFactor, /^Wachtwoord/), 'Geheim-1234');
    await user.type(input(twoFactor, /^Verificatiecode/), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Activeren' }));

    expect(await within(twoFactor).findByText(feedback.twoFactorEnabled)).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Deactiveren' })).toBeInTheDocument();
    expect(server.requests(calls.account.enableTotp.path)[0]?.body).toEqual({
      currentPassword: 'Geheim-1234',
      verificationPin: '123456',
    });
    // The status was checked again after enabling; the secret was fetched only once.
    expect(server.requests(calls.account.isTotpEnabled.path)).toHaveLength(2);
    expect(server.requests(calls.account.getTotpSetupCode.path)).toHaveLength(1);
  });

  it('turns two-factor login off', async () => {
    const server = stubAccount({ totpEnabled: true });
    const { user } = renderSettings();

    const twoFactor = await turnTwoFactorOff(user, '654321');

    expect(await within(twoFactor).findByText(feedback.twoFactorDisabled)).toBeInTheDocument();
    expect(await within(twoFactor).findByTestId('totp-secret')).toBeInTheDocument();
    expect(server.requests(calls.account.disableTotp.path)[0]?.body).toEqual({ currentPassword: 'Geheim-1234', pin: '654321' });
  });

  it('says so when the change of two-factor login fails', async () => {
    stubAccount({
      totpEnabled: true,
      routes: { [calls.account.disableTotp.path]: () => problemResponse(400, { pin: ['Ongeldige waarde'] }) },
    });
    const { user } = renderSettings();

    const twoFactor = await turnTwoFactorOff(user, '000000');

    expect(await within(twoFactor).findByText(feedback.twoFactorFailed)).toBeInTheDocument();
    expect(within(twoFactor).getByText('Ongeldige waarde')).toBeInTheDocument();
  });

  it('changes the password and empties the form', async () => {
    const server = stubAccount({ totpEnabled: false });
    const { user } = renderSettings();

    const passwordCard = await screen.findByRole('region', { name: 'Wachtwoord wijzigen' });
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await within(passwordCard).findByText(validation.currentPasswordRequired)).toBeInTheDocument();
    expect(within(passwordCard).getByText(validation.newPasswordRequired)).toBeInTheDocument();
    // The empty repeat is said at once too, not only after the other fields were filled in.
    expect(within(passwordCard).getByText(validation.passwordRepeatMismatch)).toBeInTheDocument();

    await user.type(input(passwordCard, /^Huidig wachtwoord/), 'Oud-wachtwoord1');
    await user.type(input(passwordCard, /^Nieuw wachtwoord/), 'zwak');
    await user.type(input(passwordCard, /^Herhaal nieuw wachtwoord/), 'anders');
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await within(passwordCard).findByText(validation.passwordPolicy)).toBeInTheDocument();

    await user.clear(input(passwordCard, /^Nieuw wachtwoord/));
    await user.type(input(passwordCard, /^Nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await within(passwordCard).findByText(validation.passwordRepeatMismatch)).toBeInTheDocument();

    await user.clear(input(passwordCard, /^Herhaal nieuw wachtwoord/));
    await user.type(input(passwordCard, /^Herhaal nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));

    expect(await within(passwordCard).findByText(feedback.passwordChangeSucceeded)).toBeInTheDocument();
    expect(server.requests(calls.account.updatePassword.path)[0]?.body).toEqual({
      currentPassword: 'Oud-wachtwoord1',
      newPassword: 'Nieuw-wachtwoord1',
      passwordRepeat: 'Nieuw-wachtwoord1',
    });
    expect(input(passwordCard, /^Huidig wachtwoord/)).toHaveValue('');
    expect(input(passwordCard, /^Nieuw wachtwoord/)).toHaveValue('');
  });

  it('shows the failure of a password change with the server’s field messages', async () => {
    stubAccount({
      totpEnabled: false,
      routes: {
        [calls.account.updatePassword.path]: () => problemResponse(400, { 'request.CurrentPassword': ['Huidig wachtwoord is onjuist'] }),
      },
    });
    const { user } = renderSettings();

    const passwordCard = await screen.findByRole('region', { name: 'Wachtwoord wijzigen' });
    await user.type(input(passwordCard, /^Huidig wachtwoord/), 'fout');
    await user.type(input(passwordCard, /^Nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.type(input(passwordCard, /^Herhaal nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));

    expect(await within(passwordCard).findByText(feedback.passwordChangeFailed)).toBeInTheDocument();
    expect(within(passwordCard).getByText('Huidig wachtwoord is onjuist')).toBeInTheDocument();
    expect(input(passwordCard, /^Huidig wachtwoord/)).toHaveValue('fout');
  });

  it('says the server\'s refusal of the current password once, in the card\'s alert', async () => {
    stubAccount({
      totpEnabled: false,
      routes: {
        [calls.account.updatePassword.path]: () => jsonResponse({ type: 'about:blank', title: feedback.passwordChangeFailed, status: 400, errors: { currentPassword: [feedback.passwordChangeFailed] } }, 400),
      },
    });
    const { user } = renderSettings();

    const passwordCard = await screen.findByRole('region', { name: 'Wachtwoord wijzigen' });
    await user.type(input(passwordCard, /^Huidig wachtwoord/), 'fout');
    await user.type(input(passwordCard, /^Nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.type(input(passwordCard, /^Herhaal nieuw wachtwoord/), 'Nieuw-wachtwoord1');
    await user.click(within(passwordCard).getByRole('button', { name: 'Wachtwoord wijzigen' }));

    expect(await within(passwordCard).findByText(feedback.passwordChangeFailed)).toBeInTheDocument();
    expect(within(passwordCard).getAllByText(feedback.passwordChangeFailed)).toHaveLength(1);
    expect(input(passwordCard, /^Huidig wachtwoord/)).toHaveValue('fout');
  });
});
