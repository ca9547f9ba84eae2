import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pollUntil } from '../../apps/api/src/test/poll.js';
import { expect } from '@playwright/test';
import { queryPortalDb } from './db.js';
import { mailDir } from './env.js';

/** A mail as global-setup.ts keeps it: one JSON file per received message. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** the Reply-To address: an item's own reply address on the mails that carry one */
  replyTo: string | null;
  text: string;
  html: string;
  attachments: { filename?: string; contentType: string; size: number }[];
  /** when the SMTP server stored it (ms since the epoch, from the file name) */
  receivedAt: number;
  file: string;
}

export interface MailQuery {
  to: string;
  /** exact subject, or a pattern it must match */
  subject?: string | RegExp;
  /** only mails stored at or after this moment (ms since the epoch) */
  since?: number;
  /** only mails whose text part contains this */
  text?: string;
}

const pollMs = 100;

function matches(mail: ReceivedMail, query: MailQuery): boolean {
  const to = query.to.toLowerCase();
  if (!mail.to.some((address) => address.toLowerCase() === to)) return false;
  if (query.since !== undefined && mail.receivedAt < query.since) return false;
  if (query.text !== undefined && !mail.text.includes(query.text)) return false;
  if (query.subject === undefined) return true;
  return typeof query.subject === 'string' ? mail.subject === query.subject : query.subject.test(mail.subject);
}

/** Every mail received so far, oldest first. A file still being written is skipped until it is complete. */
export async function readMails(): Promise<ReceivedMail[]> {
  const files = (await readdir(mailDir)).filter((f) => f.endsWith('.json')).sort();
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    try {
      const data = JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as Omit<ReceivedMail, 'receivedAt' | 'file'>;
      mails.push({ ...data, receivedAt: Number(file.split('-')[0]), file });
    } catch {
      // written while we read: the next poll sees it whole
    }
  }
  return mails;
}

/** Waits for a mail to `to` (and with `subject`, arrived after `since`) and answers the newest that matches. */
export async function waitForMail(query: MailQuery, timeoutMs = 15_000): Promise<ReceivedMail> {
  // The test SMTP server writes a file per mail and tells no one: its folder is looked at again until it is there.
  return pollUntil(async () => (await readMails()).filter((mail) => matches(mail, query)).at(-1), {
    timeoutMs,
    intervalMs: pollMs,
    failure: async () => {
      const seen = (await readMails()).map((m) => `  ${m.to.join(', ')}: ${m.subject}`).join('\n');
      return `No mail to ${query.to}${query.subject ? ` with subject ${String(query.subject)}` : ''}${query.text ? ` containing "${query.text}"` : ''} within ${timeoutMs} ms. Received:\n${seen || '  (none)'}`;
    },
  });
}

/**
 * The link in a mail whose path starts with `pathPrefix` (e.g. '/auth/activate'), taken from the text part
 * and, when the text has none, from the HTML's href. Fails when there is none, or more than one differing.
 */
export function linkFrom(mail: ReceivedMail, pathPrefix: string): URL {
  const candidates = [
    ...(mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? []),
    ...[...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&')),
  ];
  const links = [...new Set(candidates)]
    .filter((href) => URL.canParse(href))
    .map((href) => new URL(href))
    .filter((url) => url.pathname.startsWith(pathPrefix));
  const distinct = [...new Set(links.map((url) => url.href))];
  if (distinct.length !== 1) {
    throw new Error(`Expected one link to ${pathPrefix} in "${mail.subject}", found ${distinct.length}:\n${mail.text}`);
  }
  return new URL(distinct[0] as string);
}

/** The subjects of the portal's mails (apps/api/src/modules/auth/auth.mails.ts). */
export const mailSubjects = {
  activation: 'Activeer uw account bij Mijn Spits',
  passwordReset: 'Wachtwoord opnieuw instellen',
} as const;

/**
 * The provider's mail of the form whose stored payload holds `marker`. Such a mail quotes no free text (decision
 * 0079), so it is found by its link to the item in the back-office; it carries no attachment.
 */
export async function providerMailOf(to: string, marker: string): Promise<ReceivedMail> {
  const [stored] = await queryPortalDb<{ id: number }>(`select id from form_submissions where payload::text like $1 order by id desc limit 1`, [
    `%${marker}%`,
  ]);
  if (!stored) throw new Error(`no submission holds ${marker}`);
  const mail = await waitForMail({ to, text: `/beheer/inbox/formulier/${stored.id}\n` });
  expect(mail.text).not.toContain(marker);
  expect(mail.attachments).toEqual([]);
  return mail;
}
