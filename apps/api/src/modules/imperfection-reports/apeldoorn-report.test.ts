import { describe, expect, it } from 'vitest';
import { calls, validation, type ApeldoornDropdownData } from '@portal/contract';
import { call } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { insertUpload, submissions, uploadSubmission, useSite } from './test-support.js';

const s = useSite('apeldoorn');

describe('Apeldoorn (deployment profile apeldoorn)', () => {
  const report = (body: unknown) => call(s.site, calls.forms.reportImperfectionInceptionApeldoorn, { body, token: s.token });
  const complaint = {
    feedbackMessage: 'NoFeedbackNecessary',
    isComplaint: true,
    complaintCategory: 'Medication',
    complaintKind: 'WrongMedication',
    originFaultDiscovered: 'Nursery',
    crateAmount: 0,
  };

  it('serves the dropdown data from the database, with Dutch labels and the complaint kinds per category', async () => {
    const res = await call(s.site, calls.forms.getDropdownDataApeldoorn, { token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<ApeldoornDropdownData>();
    expect(data.feedbackMessage).toEqual([
      { value: 'NoFeedbackNecessary', label: 'Geen terugkoppeling nodig' },
      { value: 'Mail', label: 'Terugkoppeling per e-mail' },
      { value: 'Telephone', label: 'Telefonische terugkoppeling' },
    ]);
    expect(data.complaintCategories.map((c) => c.value)).toEqual(['Assortment', 'Delivery', 'Medication', 'MedicationRoll', 'ServiceProducts']);
    expect(data.complaintCategories.find((c) => c.value === 'Delivery')?.label).toBe('Levering');
    for (const category of data.complaintCategories) expect(data.complaintKinds[category.value as 'Delivery']?.length).toBeGreaterThan(1);
    expect(data.complaintKinds.Delivery).toEqual(
      expect.arrayContaining([
        { value: 'CrateNotDelivered', label: 'Krat niet geleverd' },
        { value: 'CrateIncorrectlyDelivered', label: 'Krat verkeerd geleverd' },
      ]),
    );
    expect(data.complaintKinds.Medication.map((k) => k.value)).not.toContain('CrateNotDelivered');
    expect(data.additionalInformation.length).toBeGreaterThan(0);
    expect(data.originFaultDiscovered.map((o) => o.label)).toContain('Apotheek');
    for (const option of [...data.additionalInformation, ...data.originFaultDiscovered]) expect(option.label).not.toBe(option.value);
  });

  it("requires the feedback choice and the complaint/photo switch", async () => {
    const doc = expectProblem(await report({}), 400);
    expect(doc.errors).toMatchObject({
      feedbackMessage: [validation.feedbackRequired],
      isComplaint: [validation.complaintOrPhotoRequired],
    });
  });

  it('requires a contact person when feedback is asked for, not by default', async () => {
    for (const feedbackMessage of ['Mail', 'Telephone']) {
      expectFieldErrors(await report({ ...complaint, feedbackMessage }), 'contactPerson', [validation.contactPersonRequired]);
    }
    expect((await report({ ...complaint, feedbackMessage: 'Mail', contactPerson: 'Anna', emailAddress: 'anna@linde.example' })).statusCode).toBe(200);
    expect((await report(complaint)).statusCode).toBe(200);
  });

  it('requires category, kind and origin of a complaint, not of a photo request', async () => {
    const bare = { feedbackMessage: 'NoFeedbackNecessary', isComplaint: true };
    const doc = expectProblem(await report(bare), 400);
    expect(doc.errors).toEqual({
      complaintCategory: [validation.required],
      complaintKind: [validation.required],
      originFaultDiscovered: [validation.required],
    });
    expect((await report({ ...bare, isComplaint: false, explanationQuestion: 'Graag een foto van zakje 3.' })).statusCode).toBe(200);
  });

  it("refuses a complaint kind of another category, and values the dropdown data does not hold: 'Ongeldige waarde'", async () => {
    const before = (await submissions(s.ctx, 'ImperfectionApeldoorn')).length;
    expectFieldErrors(await report({ ...complaint, complaintKind: 'CrateNotDelivered' }), 'complaintKind', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, complaintKind: 'Gebroken' }), 'complaintKind', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, originFaultDiscovered: 'Magazijn' }), 'originFaultDiscovered', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, additionalInformation: ['PhysicianInformed', 'Onbekend'] }), 'additionalInformation', [
      validation.invalidValue,
    ]);
    expectFieldErrors(await report({ ...complaint, complaintCategory: 'Billing' }), 'complaintCategory', [validation.invalidValue]);
    expect(await submissions(s.ctx, 'ImperfectionApeldoorn')).toHaveLength(before);
  });

  it('stores a crate complaint with its photo and mails the quality address with the labels', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const res = await report({
      ...complaint,
      feedbackMessage: 'Telephone',
      contactPerson: 'Anna de Boer',
      phoneNumber: '0551 123 456',
      complaintCategory: 'Delivery',
      complaintKind: 'CrateNotDelivered',
      crateAmount: 3,
      department: 'Afdeling Noord',
      additionalInformation: ['PhysicianInformed', 'ReplacedFromStock'],
      patientId: s.client.patientId,
      dateTimeBag: '2026-03-10T07:30',
      takenActions: 'Medicatie uit voorraad gegeven.',
      explanationQuestion: 'blijft niet bewaard bij een klacht',
      imageGuid: photo,
      imageExtension: '.gif',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await submissions(s.ctx, 'ImperfectionApeldoorn')).at(-1)!;
    expect(stored.payload).toMatchObject({ complaintKind: 'CrateNotDelivered', crateAmount: 3, explanationQuestion: null });
    expect(await uploadSubmission(s.ctx, photo)).toBe(stored.id);
    const mail = await s.lastQualityMail();
    expect(mail.subject).toBe(`Melding onvolkomenheden van Apotheek De Linde (${s.client.clientCode}) via Mijn Spits`);
    for (const line of [
      'Formulier: Apeldoorn',
      'Soort melding: Klacht',
      'Categorie: Levering',
      'Soort klacht: Krat niet geleverd',
      'Aantal kratten: 3',
      'Afdeling van de kratten: Afdeling Noord',
      'Waar is de fout ontdekt: Verpleging of zorgmedewerker',
      '  - Arts is geïnformeerd',
      '  - Vervangen uit eigen voorraad',
      'Patiënt: zie Mijn Spits Beheer',
      'Datum en tijd zakje: 10 maart 2026 om 07:30',
      'Terugkoppeling: Telefonische terugkoppeling',
      'Contactpersoon: Anna de Boer',
      'Telefoonnummer: 0551 123 456',
      'Ondernomen acties: ingevuld, te lezen in Mijn Spits Beheer',
      'Foto: meegestuurd',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    // Deliberately changed (issue 30.3): no patient, free text or photo in the mail.
    expect(mail.textBody).not.toMatch(/CrateNotDelivered|PhysicianInformed|Nursery|blijft niet bewaard|\.gif|zakje\.png|uit voorraad/);
    expect(mail.attachments ?? []).toEqual([]);
  });

  it('stores a photo request without the complaint fields the form clears, and mails it as such', async () => {
    const res = await report({
      ...complaint,
      isComplaint: false,
      takenActions: 'oud',
      explanationQuestion: 'Graag een foto van het zakje van 10 maart, 08:00 uur.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await submissions(s.ctx, 'ImperfectionApeldoorn')).at(-1)!;
    expect(stored.payload).toMatchObject({
      isComplaint: false,
      complaintCategory: null,
      complaintKind: null,
      originFaultDiscovered: null,
      takenActions: null,
      crateAmount: null,
    });
    const mail = await s.lastQualityMail();
    expect(mail.subject).toMatch(/^Foto-opvraag van Apotheek De Linde/);
    expect(mail.textBody).toContain('Soort melding: Foto opvraag');
    expect(mail.textBody).toContain('Toelichting vraag: ingevuld, te lezen in Mijn Spits Beheer');
    expect(mail.textBody).not.toContain('Soort klacht');
  });
});
