import { describe, expect, it } from 'vitest';
import { validation, type ImperfectionVariant, submissionReference } from '@portal/contract';
import { call, mailsTo } from '../../test/harness.js';
import { expectFieldErrors } from '../../test/auth-helpers.js';
import { QUALITY, insertUpload, reportVariantCases, submissions, uploadSubmission, useSite } from './test-support.js';

/** What every variant does alike with its patient and its photo; each site's own rules are in its own file. */
describe.each(Object.keys(reportVariantCases) as ImperfectionVariant[])('the %s report', (variant) => {
  const { calls: variantCalls, profile, kind, valid } = reportVariantCases[variant];
  const s = useSite(profile);

  const report = (body: unknown) => call(s.site, variantCalls[0]!, { body, token: s.token });
  const counts = async () => ({ stored: (await submissions(s.ctx, kind)).length, mailed: (await mailsTo(s.ctx, QUALITY)).length });

  it('stores the report with its photo and mails the quality address a link to it, without the patient or the photo', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const before = await counts();
    const res = await report({ ...valid(s.client.patientId), patientId: s.client.patientId, imageGuid: photo });
    expect(res.statusCode, res.body).toBe(200);

    const stored = (await submissions(s.ctx, kind)).at(-1)!;
    expect(stored).toMatchObject({ client_id: s.client.id, status: 'New' });
    expect(stored.payload).toMatchObject({ patientId: s.client.patientId, imageGuid: photo });
    expect(await uploadSubmission(s.ctx, photo)).toBe(stored.id);

    const mails = await mailsTo(s.ctx, QUALITY);
    expect(mails).toHaveLength(before.mailed + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(new RegExp(` van Apotheek De Linde \\(${s.client.clientCode}\\) via Mijn Spits$`));
    // Deliberately changed (issue 30.3): the patient and the photo are read in the back-office, not mailed.
    for (const line of [
      'Patiënt: zie Mijn Spits Beheer',
      'Foto: meegestuurd',
      `Referentie: ${submissionReference(kind, stored.id, new Date())}`,
      `Openen in Mijn Spits Beheer: http://portal.test/beheer/inbox/formulier/${stored.id}`,
      'Bijlage: 1 bestand, te openen in Mijn Spits Beheer',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.textBody).not.toMatch(/Jansen|1940|zakje\.png/);
    expect(mail.attachments ?? []).toEqual([]);
  });

  it("refuses a roll file as photo: 'Bestandstype is niet toegestaan', nothing stored or mailed", async () => {
    const rollFile = await insertUpload(s.ctx, s.client, s.account, 'RollFile');
    const before = await counts();
    expectFieldErrors(await report({ ...valid(s.client.patientId), imageGuid: rollFile }), 'imageGuid', [validation.fileTypeNotAllowed]);
    expect(await counts()).toEqual(before);
    expect(await uploadSubmission(s.ctx, rollFile)).toBeNull();
  });

  it("refuses another customer's patient or photo with a 400 on the field, and stores and mails nothing", async () => {
    const theirPhoto = await insertUpload(s.ctx, s.other, s.otherAccount);
    const before = await counts();
    const doc = expectFieldErrors(await report({ ...valid(s.client.patientId), patientId: s.other.patientId }), 'patientId', [
      validation.patientUnknown,
    ]);
    expect(JSON.stringify(doc)).not.toContain('Jansen');
    expectFieldErrors(await report({ ...valid(s.client.patientId), imageGuid: theirPhoto }), 'imageGuid', [validation.fileUnknown]);
    expect(await counts()).toEqual(before);
    expect(await uploadSubmission(s.ctx, theirPhoto)).toBeNull();
  });

  it('refuses a photo that another report already uses', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const body = { ...valid(s.client.patientId), imageGuid: photo };
    expect((await report(body)).statusCode).toBe(200);
    expectFieldErrors(await report(body), 'imageGuid', [validation.fileUnknown]);
  });
});
