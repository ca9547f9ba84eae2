import type { OutgoingMail } from '../../lib/mail.js';

interface Named {
  emailAddress: string;
  firstName: string;
}

const signature = '\n\nMet vriendelijke groet,\nMijn Spits\n\nDit bericht is automatisch verstuurd; u kunt er niet op antwoorden.';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function linkMail(to: Named, subject: string, intro: string, action: string, link: string, validity: string): OutgoingMail {
  const text = `Beste ${to.firstName},\n\n${intro}\n\n${action}:\n${link}\n\n${validity}${signature}`;
  const html =
    `<p>Beste ${escapeHtml(to.firstName)},</p><p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(validity)}</p>` +
    `<p>Met vriendelijke groet,<br>Mijn Spits</p>`;
  return { to: to.emailAddress, subject, text, html };
}

export const passwordResetMail = (to: Named, link: string) =>
  linkMail(
    to,
    'Wachtwoord opnieuw instellen',
    'Er is gevraagd om het wachtwoord van uw account bij Mijn Spits opnieuw in te stellen. Heeft u dit niet zelf gedaan, dan kunt u dit bericht negeren.',
    'Stel een nieuw wachtwoord in via deze link',
    link,
    'De link is 60 minuten geldig en werkt één keer.',
  );

export const activationMail = (to: Named, link: string) =>
  linkMail(
    to,
    'Activeer uw account bij Mijn Spits',
    'Er is voor u een account aangemaakt in het klantportaal Mijn Spits.',
    'Activeer uw account en kies een wachtwoord via deze link',
    link,
    'De link is 7 dagen geldig en werkt één keer.',
  );

/** To a colleague whose two-factor login an administrator reset (issue 13): what happened, and what to do now. */
export function totpResetMail(to: Named, administrator: string): OutgoingMail {
  const text =
    `Beste ${to.firstName},\n\n${administrator} heeft de tweestapsverificatie van uw account bij Mijn Spits uitgezet, ` +
    'bijvoorbeeld omdat u uw telefoon met de authenticator-app kwijt bent. U bent overal uitgelogd.\n\n' +
    'Log opnieuw in met uw e-mailadres en wachtwoord en zet de tweestapsverificatie weer aan onder Beveiliging.\n\n' +
    `Heeft u hier niet om gevraagd? Neem dan contact op met ${administrator} of met de servicedesk.${signature}`;
  return { to: to.emailAddress, subject: 'Uw tweestapsverificatie is uitgezet', text };
}
