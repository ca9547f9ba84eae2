import { z } from 'zod';
import { BACKOFFICE_BASE, controller } from '../define.js';
import { staffController, staffRoles } from './staff-controller.js';
import { emailAddressField, idField, newPasswordField, oneTimeTokenField, passwordField, passwordRepeatField, pinField, requiredText, withRepeat } from '../fields.js';
import { validation as v } from '../messages.js';

/** The roles of the provider's staff (issue 12): what each may do is decided by the server. */
export const staffRole = z.enum(staffRoles, { error: v.required });

/** The Dutch texts of the back-office that the server and the web app share. */
export const backofficeText = {
  loginFailed: 'Inloggen mislukt! Controleer uw e-mailadres, wachtwoord en code.',
  totpSetupRequired: 'Stel eerst tweestapsverificatie in.',
  invitationInvalid: 'Deze uitnodiging is ongeldig of verlopen. Vraag een Beheerder om een nieuwe.',
  emailInUse: 'Er bestaat al een medewerker met dit e-mailadres.',
  ownAccount: 'U kunt uw eigen account niet uitschakelen of van rol veranderen.',
  /** Issue 26.3: a second factor is reset by a colleague, never by its owner. */
  ownTotp: 'U kunt uw eigen tweestapsverificatie niet resetten. Vraag dit aan een andere Beheerder.',
  customerNotFound: 'Klant niet gevonden.',
  invitationAccepted: 'Deze medewerker heeft de uitnodiging al aangenomen.',
  wrongCode: 'Deze code klopt niet. Voer de code in die uw app nu toont.',
  /** A screen the staff member's role may not open (issue 26.7): which roles may. */
  noAccessTitle: 'Geen toegang',
  noAccess: (screen: string, roles: readonly string[], own: string) =>
    `${screen} is alleen te openen met de rol ${roles.length > 1 ? `${roles.slice(0, -1).join(', ')} of ${roles.at(-1)}` : roles[0]}. U bent ingelogd met de rol ${own}.`,
} as const;

export const staffMember = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  role: staffRole,
});
export type StaffMember = z.infer<typeof staffMember>;

/** A back-office session as the web app keeps it (localStorage, its own key). */
export const staffSession = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  staff: staffMember,
  /** true until two-factor login is set up: the session opens the set-up calls only */
  needsTotpSetup: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;
export const staffSessionStorageKey = 'mijnspits.beheer.session';

export const staffListItem = staffMember.extend({
  isActive: z.boolean(),
  /** invited, password not chosen yet */
  isInvited: z.boolean(),
  hasTotp: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItem>;

export const staffInvite = z.strictObject({
  emailAddress: emailAddressField(),
  firstName: requiredText(v.pharmacistFirstNameRequired, 100),
  middleName: z.string().trim().max(50).nullish(),
  lastName: requiredText(v.pharmacistLastNameRequired, 100),
  role: staffRole,
});

export const backofficeAuthCalls = controller(
  'Auth',
  {
    login: {
      method: 'POST',
      auth: false,
      body: z.strictObject({ emailAddress: emailAddressField(), password: passwordField(), pin: pinField().optional() }),
      response: staffSession,
      extraStatuses: [409],
      summary: 'Log in; 409 when the account has two-factor login and no code was sent.',
    },
    refresh: {
      method: 'POST',
      auth: false,
      body: z.strictObject({ refreshToken: oneTimeTokenField() }),
      response: staffSession,
      summary: 'A new access token for a live session (12 hours at most, 60 idle minutes).',
    },
    logout: { method: 'POST', summary: 'End the session.' },
    totpSetup: {
      method: 'GET',
      response: z.object({ secret: z.string(), qrCodeDataUrl: z.string(), uri: z.string() }),
      summary: 'A new two-factor secret to set up (kept pending until confirmed).',
    },
    totpEnable: {
      method: 'POST',
      body: z.strictObject({
        pin: pinField(),
        /** Replacing an authenticator in use (issue 26.3): the password and a code of that authenticator. */
        currentPassword: passwordField().optional(),
        currentPin: pinField().optional(),
      }),
      response: staffSession,
      summary:
        'Confirm the pending secret with a code: the session becomes a full one. Replacing an authenticator in use also needs the password and a current code of it.',
    },
    acceptInvitation: {
      method: 'POST',
      auth: false,
      body: withRepeat(
        z.strictObject({ token: oneTimeTokenField(), password: newPasswordField(), passwordRepeat: passwordRepeatField() }),
        'password',
        'passwordRepeat',
      ),
      summary: 'Choose a password with the link of an invitation.',
    },
  },
  { base: BACKOFFICE_BASE },
);

export const backofficeStaffCalls = staffController(
  'Staff',
  ['Beheerder'],
  {
    list: { method: 'GET', response: z.array(staffListItem), summary: 'Every staff account (Beheerder).' },
    invite: { method: 'POST', body: staffInvite, response: z.object({ id: z.number().int() }), summary: 'Invite a colleague (Beheerder).' },
    update: {
      method: 'POST',
      body: z.strictObject({ id: idField(), role: staffRole, isActive: z.boolean() }),
      summary: 'Change a colleague’s role or switch the account off (Beheerder).',
    },
    resetTotp: {
      method: 'POST',
      body: z.strictObject({ id: idField() }),
      summary: 'Reset a colleague’s two-factor login: it is set up again at the next login (Beheerder); never one’s own (403).',
    },
    resendInvitation: {
      method: 'POST',
      body: z.strictObject({ id: idField() }),
      summary: 'Send a new invitation (Beheerder); the links sent before it stop working.',
    },
    colleagues: {
      method: 'GET',
      roles: staffRoles,
      response: z.array(z.object({ id: z.number().int(), name: z.string(), role: staffRole })),
      summary: 'The active colleagues, to assign inbox items to.',
    },
  },
);
