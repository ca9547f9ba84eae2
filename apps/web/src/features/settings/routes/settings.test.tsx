import { backupCodeCalls, calls, feedback, validation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes, type Routes } from '@/testing/fetch-stub';
import { openRoute } from '@/testing/open-route';
import { backupCodesNotMadeText } from '../components/two-factor-card';
import SettingsRoute from './settings';

const setupCode = {
  qrSetupCodeImage: 'data:image/png;base64,iVBORw0KGgo=',
  manualEntryKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  enabled: false,
};

const noContent = () => new Response(null, { status: 204 });

const newCodes = ['K7MQ2-XW9PD', 'A1B2C-D3E4F', 'G5H6J-K7M8N', 'P9Q0R-S1T2V', 'W3X4Y-Z5A6B', 'C7D8E-F9G0H', 'J1K2M-N3P4Q', 'R5S6T-V7W8X', 'Y9Z0A-B1C2D', 'E3F4G-H5J6K'];

/**
 * The account calls of the settings page, with the 2FA status as state the calls change; `routes` answer instead.
 * `backupCodes`: the server has them (ours), with this many left; without it, it is a server of the spec alone.
 */
function stubAccount(options: { totpEnabled: boolean; backupCodes?: number; routes?: Routes }) {
  let totpEnabled = options.totpEnabled;
  let remaining = options.backupCodes;
  const backupRoutes: Routes =
    remaining === undefined
      ? {}
      : {
          [backupCodeCalls.getBackupCodeStatus.path]: () => jsonResponse({ remaining }),
          [backupCodeCalls.createBackupCodes.path]: () => {
            remaining = 10;
            return jsonResponse({ codes: newCodes });
          },
        };
  return stubRoutes({
    ...backupRoutes,
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
    await user.type(input(twoFactor, /^Code/), '123456');
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

  it('shows the ten backup codes once after two-factor login is turned on, to copy or download, until they are kept', async () => {
    const server = stubAccount({ totpEnabled: false, backupCodes: 0 });
    const { user } = renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Tweestapsverificatie' });
    await user.type(await within(twoFactor).findByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
    await user.type(input(twoFactor, /^Code/), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Activeren' }));

    const dialog = await screen.findByRole('dialog', { name: 'Uw back-upcodes' });
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(newCodes);
    expect(server.requests(backupCodeCalls.createBackupCodes.path)[0]?.body).toEqual({ currentPassword: 'Geheim-1234' });
    await user.click(within(dialog).getByRole('button', { name: 'Kopiëren' }));
    expect(await within(dialog).findByText('De codes zijn gekopieerd.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(newCodes.join('\n'));

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Uw back-upcodes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ik heb de codes bewaard' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = within(twoFactor).getByRole('region', { name: 'Back-upcodes' });
    expect(await within(panel).findByText(/U hebt nog 10 van de 10 back-upcodes/)).toBeInTheDocument();
  });

  it('makes a new set of backup codes after the password, and says a refusal', async () => {
    let refuse = true;
    const server = stubAccount({
      totpEnabled: true,
      backupCodes: 2,
      routes: {
        [backupCodeCalls.createBackupCodes.path]: () =>
          refuse ? jsonResponse({ type: 'about:blank', title: feedback.backupCodesFailed, status: 400 }, 400) : jsonResponse({ codes: newCodes }),
      },
    });
    const { user } = renderSettings();
    const panel = await screen.findByRole('region', { name: 'Back-upcodes' });
    expect(await within(panel).findByText(/U hebt nog 2 van de 10 back-upcodes/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Nieuwe back-upcodes maken' }));
    const ask = await screen.findByRole('dialog', { name: 'Nieuwe back-upcodes maken' });
    await user.click(within(ask).getByRole('button', { name: 'Codes maken' }));
    expect(await within(ask).findByText(validation.twoFactorPasswordRequired)).toBeInTheDocument();
    await user.type(within(ask).getByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Fout-1234');
    await user.click(within(ask).getByRole('button', { name: 'Codes maken' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(feedback.backupCodesFailed);

    refuse = false;
    await user.click(within(ask).getByRole('button', { name: 'Codes maken' }));
    expect(await screen.findByRole('dialog', { name: 'Uw back-upcodes' })).toBeInTheDocument();
    expect(server.requests(backupCodeCalls.createBackupCodes.path).map((r) => r.body)).toEqual([
      { currentPassword: 'Fout-1234' },
      { currentPassword: 'Fout-1234' },
    ]);
  });

  it('says when two-factor login is on but its backup codes could not be made', async () => {
    stubAccount({ totpEnabled: false, backupCodes: 0, routes: { [backupCodeCalls.createBackupCodes.path]: () => problemResponse(500) } });
    const { user } = renderSettings();
    const twoFactor = await screen.findByRole('region', { name: 'Tweestapsverificatie' });
    await user.type(await within(twoFactor).findByLabelText(/^Wachtwoord/, { selector: 'input' }), 'Geheim-1234');
    await user.type(input(twoFactor, /^Code/), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Activeren' }));
    expect(await within(twoFactor).findByText(backupCodesNotMadeText)).toBeInTheDocument();
    expect(await within(twoFactor).findByText(/U hebt geen back-upcodes/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
