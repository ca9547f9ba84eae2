import { describe, expect, it } from 'vitest';
import { calls, validation } from '@portal/contract';
import { call } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { insertUpload, submissions, uploadSubmission, useSite } from './test-support.js';

const s = useSite('basic');

describe('basic form (deployment profile basic)', () => {
  const report = (body: unknown) => call(s.site, calls.forms.reportImperfection, { body, token: s.token });
  const complete = () => ({
    imperfectionLocation: 'Institution',
    imperfectionType: 'DamagedBag',
    patientId: s.client.patientId,
    department: 'Afdeling A',
    swallowDate: '2026-03-05',
    drugName: 'Metformine',
    drugStrength: '500 mg',
    drugAmount: '2',
    generalAdditionalInformation: 'Zakje was open.',
    takenActions: 'Nieuw zakje gegeven.',
    feedBackOption: 'Email',
    contactInfo: 'sanne@linde.example',
  });

  it("requires every field with the spec's messages", async () => {
    const doc = expectProblem(await report({}), 400);
    expect(doc.errors).toMatchObject({
      imperfectionLocation: [validation.discovererRequired],
      imperfectionType: [validation.complaintTypeRequired],
      patientId: [validation.patientRequired],
      department: [validation.departmentRequired],
      drugName: [validation.drugNameRequired],
      drugStrength: [validation.strengthRequired],
      drugAmount: [validation.amountRequired],
      generalAdditionalInformation: [validation.additionalInformationRequired],
      takenActions: [validation.takenActionsRequired],
      contactInfo: [validation.required],
    });
    expectFieldErrors(await report({ ...complete(), contactInfo: 'geen adres' }), 'contactInfo', [validation.invalidEmail]);
    expect((await report({ ...complete(), feedBackOption: 'Phone', contactInfo: '06 12345678' })).statusCode).toBe(200);
  });

  it('stores the report and mails the quality address with the labels', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const res = await report({ ...complete(), imageGuid: photo });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await submissions(s.ctx, 'Imperfection')).at(-1)!;
    expect(stored.payload).toMatchObject({ imperfectionType: 'DamagedBag' });
    expect(await uploadSubmission(s.ctx, photo)).toBe(stored.id);
    const mail = await s.lastQualityMail();
    for (const line of [
      'Ontdekker: Verpleegkundig personeel',
      'Klachttype: Zakje beschadigd',
      'Patiënt: zie Mijn Spits Beheer',
      'Slikdatum: 5 maart 2026',
      'Terugkoppeling via: E-mail',
      'E-mailadres: sanne@linde.example',
      'Foto: meegestuurd',
      'Bijlage: 1 bestand, te openen in Mijn Spits Beheer',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    // Deliberately changed (issue 30.3): the free texts may name a patient; they are read in the back-office.
    expect(mail.textBody).toContain('Extra informatie: ingevuld, te lezen in Mijn Spits Beheer');
    expect(mail.textBody).toContain('Ondernomen acties: ingevuld, te lezen in Mijn Spits Beheer');
    expect(mail.textBody).not.toMatch(/Zakje was open|Nieuw zakje gegeven/);
    expect(mail.attachments ?? []).toEqual([]);
  });
});
