import { sql } from 'drizzle-orm';
import { patientMentions, type MentionablePatient } from '@portal/contract';
import type { Db } from '../db/database.js';

/**
 * Mails never carry patient data (issue 30.3): every mail a test's database queued is read against every patient
 * of that database, by full name (with and without the prefix) and birth date in the notations people write,
 * and must not carry an upload (a roll file or a photo of a bag is the patient's). Run when a test context closes,
 * so that every test of the suite is such a check.
 */
export async function mailsNamingPatients(db: Db): Promise<string[]> {
  const patients = await db.execute<{ id: number; first_name: string; name_prefix: string | null; last_name: string; birth_date: string | null }>(
    sql`select id, first_name, name_prefix, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date from patients`,
  );
  const mentionable: MentionablePatient[] = patients.rows.map((p) => ({
    names: [[p.first_name, p.name_prefix, p.last_name], [p.first_name, p.last_name]].map((parts) => parts.filter(Boolean).join(' ')),
    birthDate: p.birth_date,
  }));
  const mails = await db.execute<{ subject: string; to_address: string; text_body: string; html_body: string | null; attachments: unknown[] | null }>(
    sql`select subject, to_address, text_body, html_body, attachments from mail_outbox order by id`,
  );
  const problems: string[] = [];
  for (const mail of mails.rows) {
    const what = `mail "${mail.subject}" to ${mail.to_address}`;
    const text = [mail.subject, mail.text_body, mail.html_body ?? '', ...attachedTexts(mail.attachments)].join('\n');
    // Test customers share a patient's name: each finding once per mail.
    const found = new Set(mentionable.flatMap((patient) => patientMentions(text, patient)));
    if (found.size) problems.push(`${what} names a patient: ${[...found].join(', ')}`);
    const uploads = (mail.attachments ?? []).filter((a) => typeof a === 'object' && a !== null && 'file' in a);
    if (uploads.length) problems.push(`${what} carries ${uploads.length} upload(s)`);
  }
  return problems;
}

/** An attachment's name, and its content where it is text. */
function attachedTexts(attachments: unknown[] | null): string[] {
  return (attachments ?? []).flatMap((a) => {
    const attachment = a as { filename?: string; contentBase64?: string };
    return [attachment.filename ?? '', attachment.contentBase64 ? Buffer.from(attachment.contentBase64, 'base64').toString('utf8') : ''];
  });
}
