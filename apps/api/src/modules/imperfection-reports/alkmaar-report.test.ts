import { beforeAll, describe, expect, it } from 'vitest';
import { alkmaarMandatoryNatures, calls, validation, type AlkmaarDropdownData } from '@portal/contract';
import { call } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { insertUpload, submissions, useSite } from './test-support.js';

const s = useSite('alkmaar');
let natures: AlkmaarDropdownData['natureComplaint'];
beforeAll(async () => {
  natures = (await call(s.site, calls.forms.getDropdownDataAlkmaar, { token: s.token })).json<AlkmaarDropdownData>().natureComplaint;
});

describe('Alkmaar (deployment profile alkmaar)', () => {
  const report = (body: unknown) => call(s.site, calls.forms.reportImperfectionInceptionAlkmaar, { body, token: s.token });
  const base = {
    pharmacyContactPerson: 'P. de Vries',
    discovererComplaint: 'Nursery',
    natureComplaint: 'Other',
    startSwallowDate: '2026-03-02',
  };

  it('serves the dropdown data from the database: every nature of the mandatory list and others, with Dutch labels', async () => {
    const res = await call(s.site, calls.forms.getDropdownDataAlkmaar, { token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AlkmaarDropdownData>();
    expect(data.feedbackMessage.map((f) => f.value)).toEqual(['NoFeedbackNecessary', 'Mail', 'Telephone']);
    expect(data.discovererComplaint).toContainEqual({ value: 'Pharmacy', label: 'Apotheek' });
    const values = data.natureComplaint.map((n) => n.value);
    for (const nature of alkmaarMandatoryNatures) expect(values).toContain(nature);
    expect(values).toContain('Other');
    expect(data.natureComplaint).toContainEqual({ value: 'MissingMedication', label: 'Ontbrekend geneesmiddel' });
    expectProblem(await call(s.site, calls.forms.getDropdownDataAlkmaar), 401);
  });

  it('requires the contact person, discoverer, nature and start swallow date', async () => {
    const doc = expectProblem(await report({}), 400);
    expect(doc.errors).toMatchObject({
      pharmacyContactPerson: [validation.contactPersonRequired],
      discovererComplaint: [validation.discovererComplaintRequired],
      natureComplaint: [validation.natureComplaintRequired],
      startSwallowDate: [validation.startSwallowDateRequired],
    });
  });

  it.each(alkmaarMandatoryNatures)('requires a patient and a medicine for %s', async (natureComplaint) => {
    const doc = expectProblem(await report({ ...base, natureComplaint }), 400);
    expect(doc.errors).toEqual({ patientId: [validation.patientRequired], medicine: [validation.medicineRequired] });
    expectFieldErrors(await report({ ...base, natureComplaint, patientId: s.client.patientId }), 'medicine', [validation.medicineRequired]);
    expectFieldErrors(await report({ ...base, natureComplaint, medicine: 'Metformine 500 mg' }), 'patientId', [validation.patientRequired]);
    const res = await report({ ...base, natureComplaint, patientId: s.client.patientId, medicine: 'Metformine 500 mg' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('accepts every other nature without a patient or a medicine', async () => {
    const others = natures.filter((n) => !(alkmaarMandatoryNatures as readonly string[]).includes(n.value));
    expect(others.length).toBeGreaterThan(0);
    for (const nature of others) {
      const res = await report({ ...base, natureComplaint: nature.value });
      expect(res.statusCode, `${nature.value}: ${res.body}`).toBe(200);
    }
  });

  it("refuses a discoverer or nature the dropdown data does not hold: 'Ongeldige waarde'", async () => {
    const before = (await submissions(s.ctx, 'ImperfectionAlkmaar')).length;
    expectFieldErrors(await report({ ...base, discovererComplaint: 'Bezorger' }), 'discovererComplaint', [validation.invalidValue]);
    expectFieldErrors(await report({ ...base, natureComplaint: 'Smelly' }), 'natureComplaint', [validation.invalidValue]);
    expect(await submissions(s.ctx, 'ImperfectionAlkmaar')).toHaveLength(before);
  });

  it('stores the report and mails the quality address with the labels and Dutch dates', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const res = await report({
      ...base,
      natureComplaint: 'WrongMedication',
      patientId: s.client.patientId,
      medicine: 'Metformine 500 mg',
      department: 'Afdeling A',
      intakeDate: '2026-03-04',
      intakeTime: '08:00',
      feedbackMessage: 'Mail',
      feedbackEmailAddress: 'p.devries@linde.example',
      detailedDescriptionMessage: 'In het zakje zat paracetamol.',
      imageGuid: photo,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await submissions(s.ctx, 'ImperfectionAlkmaar')).at(-1)!;
    expect(stored.payload).toMatchObject({ natureComplaint: 'WrongMedication', patientId: s.client.patientId });
    const mail = await s.lastQualityMail();
    for (const line of [
      'Formulier: Alkmaar',
      'Contactpersoon apotheek: P. de Vries',
      'Ontdekker van klacht: Verpleging of zorgmedewerker',
      'Aard van klacht: Verkeerd geneesmiddel',
      'Geneesmiddel: Metformine 500 mg',
      'Patiënt: zie Mijn Spits Beheer',
      'Startslikdatum: 2 maart 2026',
      'Innamedatum: 4 maart 2026',
      'Innametijd: 08:00',
      'Terugkoppeling: Terugkoppeling per e-mail',
      'E-mailadres: p.devries@linde.example',
      'Uitgebreide omschrijving: ingevuld, te lezen in Mijn Spits Beheer',
      'Foto: meegestuurd',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    // Deliberately changed (issue 30.3): no patient, free text or photo in the mail.
    expect(mail.textBody).not.toMatch(/WrongMedication|Nursery|paracetamol|zakje\.png/);
    expect(mail.attachments ?? []).toEqual([]);
  });
});
