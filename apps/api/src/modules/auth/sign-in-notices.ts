import { createHash, type BinaryLike } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.js';
import { knownBrowsers } from '../../db/schema.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';
import { enqueueMail, type OutgoingMail } from '../../lib/mail.js';

/** What a login says about its browser: the web app's own id for it (when sent) and the User-Agent. */
export interface BrowserFacts {
  userAgent: string | null;
  /** the random id the web app keeps in the browser (X-Browser-Id) */
  id: string | null;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The login's browser from its request headers; anything odd is taken as absent. */
export function browserOf(headers: Record<string, string | string[] | undefined>): BrowserFacts {
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);
  const userAgent = one(headers['user-agent'])?.slice(0, 500) ?? null;
  const id = one(headers['x-browser-id']);
  return { userAgent: userAgent || null, id: id && BROWSER_ID.test(id) ? id : null };
}

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome op Windows', 'Safari op iPhone'; the part that is not known left out; null for nothing known. */
export function describeBrowser(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  if (browser && system) return `${browser} op ${system}`;
  return browser ?? (system ? `Browser op ${system}` : null);
}

/** Where an address is, as far as the portal knows without a location database: only private networks. */
export function placeOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = address.replace(/^::ffff:/, '');
  if (isIP(plain) === 4) {
    const [a = 0, b = 0] = plain.split('.').map(Number);
    if (a === 127) return 'deze computer';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'lokaal netwerk';
    return null;
  }
  if (isIP(plain) === 6) {
    if (plain === '::1') return 'deze computer';
    if (/^f[cd]/i.test(plain) || /^fe[89ab]/i.test(plain)) return 'lokaal netwerk';
  }
  return null;
}

const hash = (value: BinaryLike) => createHash('sha256').update(value).digest();

interface Named {
  customerId: string;
  id: number;
  emailAddress: string;
  firstName: string;
}

const signature = '\n\nMet vriendelijke groet,\nMijn Spits\n\nDit bericht is automatisch verstuurd; u kunt er niet op antwoorden.';
const notYou =
  'Was u dit niet? Wijzig dan direct uw wachtwoord onder Beveiliging (daarmee worden alle andere sessies beëindigd) en neem contact op met de administrator van uw organisatie.';

/** The changes to an account's security that its owner is told of by mail. */
export type SecurityChange = 'password' | 'passwordReset' | 'totpOn' | 'totpOff' | 'backupCodes';

const changeTexts: Record<SecurityChange, { subject: string; text: string }> = {
  password: { subject: 'Uw wachtwoord is gewijzigd', text: 'Het wachtwoord van uw account bij Mijn Spits is gewijzigd. Andere sessies zijn beëindigd.' },
  passwordReset: {
    subject: 'Uw wachtwoord is opnieuw ingesteld',
    text: 'Het wachtwoord van uw account bij Mijn Spits is opnieuw ingesteld met de link uit de e-mail "Wachtwoord vergeten". Alle sessies zijn beëindigd.',
  },
  totpOn: { subject: 'Tweestapsverificatie staat aan', text: 'De tweestapsverificatie van uw account bij Mijn Spits is aangezet.' },
  totpOff: { subject: 'Tweestapsverificatie staat uit', text: 'De tweestapsverificatie van uw account bij Mijn Spits is uitgezet.' },
  backupCodes: {
    subject: 'Nieuwe back-upcodes gemaakt',
    text: 'Voor uw account bij Mijn Spits zijn nieuwe back-upcodes gemaakt; de vorige codes werken niet meer.',
  },
};

function facts(at: Date, browser: BrowserFacts, address: string | null): string {
  const where = address ? `${address}${placeOf(address) ? ` (${placeOf(address)})` : ''}` : 'onbekend';
  return `Wanneer: ${dutchMomentOf(at)}\nBrowser: ${describeBrowser(browser.userAgent) ?? 'onbekend'}\nAdres: ${where}`;
}

/** A mail to the account after a change to its security: what changed, when, from which browser and address. */
export function securityChangeMail(to: Named, change: SecurityChange, at: Date, browser: BrowserFacts, address: string | null): OutgoingMail {
  const { subject, text } = changeTexts[change];
  return {
    to: to.emailAddress,
    subject,
    text: `Beste ${to.firstName},\n\n${text}\n\n${facts(at, browser, address)}\n\n${notYou}${signature}`,
  };
}

/** A mail to the account after a login from a browser it was not used from before. */
export function newBrowserMail(to: Named, at: Date, browser: BrowserFacts, address: string | null): OutgoingMail {
  return {
    to: to.emailAddress,
    subject: 'Nieuwe inlog op uw account',
    text:
      `Beste ${to.firstName},\n\nEr is ingelogd op uw account bij Mijn Spits vanuit een browser waarmee u niet eerder inlogde.\n\n` +
      `${facts(at, browser, address)}\n\nWas u dit zelf? Dan hoeft u niets te doen. Onder Beveiliging ziet u waar uw account is ingelogd en kunt u sessies beëindigen.\n\n${notYou}${signature}`,
  };
}

/**
 * Notes the login's browser for the account; when the account has logged in before but never from this browser,
 * the account is mailed (in the login's transaction). The browser is known by the web app's id for it, else by its
 * User-Agent; only a hash is kept. Answers whether a mail was queued.
 */
export async function noteBrowser(tx: Tx, account: Named, browser: BrowserFacts, address: string | null, at: Date): Promise<boolean> {
  const key = browser.id ? `id:${browser.id}` : browser.userAgent ? `ua:${browser.userAgent}` : null;
  if (!key) return false;
  const browserHash = hash(key);
  const seen = await tx
    .select({ browserHash: knownBrowsers.browserHash })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.customerId, account.customerId), eq(knownBrowsers.accountId, account.id)));
  const known = seen.some((row) => row.browserHash.equals(browserHash));
  await tx
    .insert(knownBrowsers)
    .values({ customerId: account.customerId, accountId: account.id, browserHash, lastSeenAt: at })
    .onConflictDoUpdate({ target: [knownBrowsers.customerId, knownBrowsers.accountId, knownBrowsers.browserHash], set: { lastSeenAt: sql`excluded.last_seen_at` } });
  // The first login of an account (right after its activation) is no news to its owner.
  if (known || seen.length === 0) return false;
  await enqueueMail(tx, newBrowserMail(account, at, browser, address));
  return true;
}
