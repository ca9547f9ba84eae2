import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alkmaarMandatoryNatures,
  calls,
  validation,
  type AlkmaarDropdownData,
  type ApeldoornDropdownData,
} from '@portal/contract';
import {
  call,
  createAccount,
  createClient,
  createTestContext,
  mailsTo,
  type TestAccount,
  type TestClient,
  type TestContext,
} from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { QUALITY, appWithProfile, insertUpload, submissions, uploadSubmission } from './test-support.js';

let ctx: TestContext;
let client: TestClient;
let account: TestAccount;
let other: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createClient(ctx, 'Apotheek De Linde');
  account = await createAccount(ctx, client, { firstName: 'Sanne' });
  other = await createClient(ctx, 'Zorggroep Het Baken');
});
afterAll(async () => {
  await ctx?.close();
});

const lastMail = async () => (await mailsTo(ctx, QUALITY)).at(-1)!;

describe('Apeldoorn (deployment profile apeldoorn)', () => {
  let site: TestContext;
  let token: string;
  beforeAll(async () => {
    site = await appWithProfile(ctx, 'apeldoorn');
    token = (await login(site, account)).accessToken;
  });
  afterAll(async () => {
    await site?.close();
  });

  const report = (body: unknown) => call(site, calls.forms.reportImperfectionInceptionApeldoorn, { body, token });
  const complaint = {
    feedbackMessage: 'NoFeedbackNecessary',
    isComplaint: true,
    complaintCategory: 'Medication',
    complaintKind: 'WrongMedication',
    originFaultDiscovered: 'Nursery',
    crateAmount: 0,
  };

  it('serves the dropdown data from the database, with Dutch labels and the complaint kinds per category', async () => {
    const res = await call(site, calls.forms.getDropdownDataApeldoorn, { token });
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

  it('needs a token for the dropdown data and the report', async () => {
    expectProblem(await call(site, calls.forms.getDropdownDataApeldoorn), 401);
    expectProblem(await call(site, calls.forms.reportImperfectionInceptionApeldoorn, { body: complaint }), 401);
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
    expect((await report({ ...complaint, feedbackMessage: 'Mail', contactPerson: 'Anna', emailAddress: 'anna@linde.example' })).statusCode).toBe(204);
    expect((await report(complaint)).statusCode).toBe(204);
  });

  it('requires category, kind and origin of a complaint, not of a photo request', async () => {
    const bare = { feedbackMessage: 'NoFeedbackNecessary', isComplaint: true };
    const doc = expectProblem(await report(bare), 400);
    expect(doc.errors).toEqual({
      complaintCategory: [validation.required],
      complaintKind: [validation.required],
      originFaultDiscovered: [validation.required],
    });
    expect((await report({ ...bare, isComplaint: false, explanationQuestion: 'Graag een foto van zakje 3.' })).statusCode).toBe(204);
  });

  it("refuses a complaint kind of another category, and values the dropdown data does not hold: 'Ongeldige waarde'", async () => {
    const before = (await submissions(ctx, 'ImperfectionApeldoorn')).length;
    expectFieldErrors(await report({ ...complaint, complaintKind: 'CrateNotDelivered' }), 'complaintKind', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, complaintKind: 'Gebroken' }), 'complaintKind', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, originFaultDiscovered: 'Magazijn' }), 'originFaultDiscovered', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complaint, additionalInformation: ['PhysicianInformed', 'Onbekend'] }), 'additionalInformation', [
      validation.invalidValue,
    ]);
    expectFieldErrors(await report({ ...complaint, complaintCategory: 'Billing' }), 'complaintCategory', [validation.invalidValue]);
    expect(await submissions(ctx, 'ImperfectionApeldoorn')).toHaveLength(before);
  });

  it('stores a crate complaint with its photo and mails the quality address with the labels', async () => {
    const photo = await insertUpload(ctx, client, account);
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
      patientId: client.patientId,
      dateTimeBag: '2026-03-10T07:30',
      takenActions: 'Medicatie uit voorraad gegeven.',
      explanationQuestion: 'blijft niet bewaard bij een klacht',
      imageGuid: photo,
      imageExtension: '.gif',
    });
    expect(res.statusCode, res.body).toBe(204);
    const stored = (await submissions(ctx, 'ImperfectionApeldoorn')).at(-1)!;
    expect(stored.payload).toMatchObject({ complaintKind: 'CrateNotDelivered', crateAmount: 3, explanationQuestion: null });
    expect(await uploadSubmission(ctx, photo)).toBe(stored.id);
    const mail = await lastMail();
    expect(mail.subject).toBe(`Melding onvolkomenheden van Apotheek De Linde (${client.clientCode}) via Mijn Spits`);
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
      'Patiënt: Jan Jansen (geboren 1 mei 1940, Afdeling A)',
      'Datum en tijd zakje: 10 maart 2026 om 07:30',
      'Terugkoppeling: Telefonische terugkoppeling',
      'Contactpersoon: Anna de Boer',
      'Telefoonnummer: 0551 123 456',
      'Foto: zakje.png (bijgevoegd)',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.textBody).not.toMatch(/CrateNotDelivered|PhysicianInformed|Nursery|blijft niet bewaard|\.gif/);
    expect(mail.attachments).toEqual([{ filename: 'zakje.png', contentType: 'image/png', file: { clientId: client.id, fileGuid: photo } }]);
  });

  it('stores a photo request without the complaint fields the form clears, and mails it as such', async () => {
    const res = await report({
      ...complaint,
      isComplaint: false,
      takenActions: 'oud',
      explanationQuestion: 'Graag een foto van het zakje van 10 maart, 08:00 uur.',
    });
    expect(res.statusCode, res.body).toBe(204);
    const stored = (await submissions(ctx, 'ImperfectionApeldoorn')).at(-1)!;
    expect(stored.payload).toMatchObject({
      isComplaint: false,
      complaintCategory: null,
      complaintKind: null,
      originFaultDiscovered: null,
      takenActions: null,
      crateAmount: null,
    });
    const mail = await lastMail();
    expect(mail.subject).toMatch(/^Foto-opvraag van Apotheek De Linde/);
    expect(mail.textBody).toContain('Soort melding: Foto opvraag');
    expect(mail.textBody).toContain('Toelichting vraag: Graag een foto van het zakje van 10 maart, 08:00 uur.');
    expect(mail.textBody).not.toContain('Soort klacht');
  });

  it("refuses another customer's patient and a roll file as photo", async () => {
    const before = (await submissions(ctx, 'ImperfectionApeldoorn')).length;
    expectFieldErrors(await report({ ...complaint, patientId: other.patientId }), 'patientId', [validation.patientUnknown]);
    const rollFile = await insertUpload(ctx, client, account, 'RollFile');
    expectFieldErrors(await report({ ...complaint, imageGuid: rollFile }), 'imageGuid', [validation.fileTypeNotAllowed]);
    expect(await submissions(ctx, 'ImperfectionApeldoorn')).toHaveLength(before);
  });
});

describe('Alkmaar (deployment profile alkmaar)', () => {
  let site: TestContext;
  let token: string;
  let natures: AlkmaarDropdownData['natureComplaint'];
  beforeAll(async () => {
    site = await appWithProfile(ctx, 'alkmaar');
    token = (await login(site, account)).accessToken;
    natures = (await call(site, calls.forms.getDropdownDataAlkmaar, { token })).json<AlkmaarDropdownData>().natureComplaint;
  });
  afterAll(async () => {
    await site?.close();
  });

  const report = (body: unknown) => call(site, calls.forms.reportImperfectionInceptionAlkmaar, { body, token });
  const base = {
    pharmacyContactPerson: 'P. de Vries',
    discovererComplaint: 'Nursery',
    natureComplaint: 'Other',
    startSwallowDate: '2026-03-02',
  };

  it('serves the dropdown data from the database: every nature of the mandatory list and others, with Dutch labels', async () => {
    const res = await call(site, calls.forms.getDropdownDataAlkmaar, { token });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AlkmaarDropdownData>();
    expect(data.feedbackMessage.map((f) => f.value)).toEqual(['NoFeedbackNecessary', 'Mail', 'Telephone']);
    expect(data.discovererComplaint).toContainEqual({ value: 'Pharmacy', label: 'Apotheek' });
    const values = data.natureComplaint.map((n) => n.value);
    for (const nature of alkmaarMandatoryNatures) expect(values).toContain(nature);
    expect(values).toContain('Other');
    expect(data.natureComplaint).toContainEqual({ value: 'MissingMedication', label: 'Ontbrekend geneesmiddel' });
    expectProblem(await call(site, calls.forms.getDropdownDataAlkmaar), 401);
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
    expectFieldErrors(await report({ ...base, natureComplaint, patientId: client.patientId }), 'medicine', [validation.medicineRequired]);
    expectFieldErrors(await report({ ...base, natureComplaint, medicine: 'Metformine 500 mg' }), 'patientId', [validation.patientRequired]);
    const res = await report({ ...base, natureComplaint, patientId: client.patientId, medicine: 'Metformine 500 mg' });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('accepts every other nature without a patient or a medicine', async () => {
    const others = natures.filter((n) => !(alkmaarMandatoryNatures as readonly string[]).includes(n.value));
    expect(others.length).toBeGreaterThan(0);
    for (const nature of others) {
      const res = await report({ ...base, natureComplaint: nature.value });
      expect(res.statusCode, `${nature.value}: ${res.body}`).toBe(204);
    }
  });

  it("refuses a discoverer or nature the dropdown data does not hold: 'Ongeldige waarde'", async () => {
    const before = (await submissions(ctx, 'ImperfectionAlkmaar')).length;
    expectFieldErrors(await report({ ...base, discovererComplaint: 'Bezorger' }), 'discovererComplaint', [validation.invalidValue]);
    expectFieldErrors(await report({ ...base, natureComplaint: 'Smelly' }), 'natureComplaint', [validation.invalidValue]);
    expect(await submissions(ctx, 'ImperfectionAlkmaar')).toHaveLength(before);
  });

  it('stores the report and mails the quality address with the labels and Dutch dates', async () => {
    const photo = await insertUpload(ctx, client, account);
    const res = await report({
      ...base,
      natureComplaint: 'WrongMedication',
      patientId: client.patientId,
      medicine: 'Metformine 500 mg',
      department: 'Afdeling A',
      intakeDate: '2026-03-04',
      intakeTime: '08:00',
      feedbackMessage: 'Mail',
      feedbackEmailAddress: 'p.devries@linde.example',
      detailedDescriptionMessage: 'In het zakje zat paracetamol.',
      imageGuid: photo,
    });
    expect(res.statusCode, res.body).toBe(204);
    const stored = (await submissions(ctx, 'ImperfectionAlkmaar')).at(-1)!;
    expect(stored.payload).toMatchObject({ natureComplaint: 'WrongMedication', patientId: client.patientId });
    const mail = await lastMail();
    for (const line of [
      'Formulier: Alkmaar',
      'Contactpersoon apotheek: P. de Vries',
      'Ontdekker van klacht: Verpleging of zorgmedewerker',
      'Aard van klacht: Verkeerd geneesmiddel',
      'Geneesmiddel: Metformine 500 mg',
      'Patiënt: Jan Jansen (geboren 1 mei 1940, Afdeling A)',
      'Startslikdatum: 2 maart 2026',
      'Innamedatum: 4 maart 2026',
      'Innametijd: 08:00',
      'Terugkoppeling: Terugkoppeling per e-mail',
      'E-mailadres: p.devries@linde.example',
      'Foto: zakje.png (bijgevoegd)',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.textBody).not.toMatch(/WrongMedication|Nursery/);
    expect(mail.attachments).toEqual([{ filename: 'zakje.png', contentType: 'image/png', file: { clientId: client.id, fileGuid: photo } }]);
  });

  it("refuses another customer's patient with a 400 on the field, and stores nothing", async () => {
    const before = (await submissions(ctx, 'ImperfectionAlkmaar')).length;
    const body = { ...base, natureComplaint: 'MissingBag', patientId: other.patientId, medicine: 'Omeprazol 20 mg' };
    expectFieldErrors(await report(body), 'patientId', [validation.patientUnknown]);
    expect(await submissions(ctx, 'ImperfectionAlkmaar')).toHaveLength(before);
  });
});

describe('basic form (deployment profile basic)', () => {
  let site: TestContext;
  let token: string;
  beforeAll(async () => {
    site = await appWithProfile(ctx, 'basic');
    token = (await login(site, account)).accessToken;
  });
  afterAll(async () => {
    await site?.close();
  });

  const report = (body: unknown) => call(site, calls.forms.reportImperfection, { body, token });
  const complete = () => ({
    imperfectionLocation: 'Institution',
    imperfectionType: 'DamagedBag',
    patientId: client.patientId,
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
    expect((await report({ ...complete(), feedBackOption: 'Phone', contactInfo: '06 12345678' })).statusCode).toBe(204);
  });

  it('stores the report and mails the quality address with the labels', async () => {
    const photo = await insertUpload(ctx, client, account);
    const res = await report({ ...complete(), imageGuid: photo });
    expect(res.statusCode, res.body).toBe(204);
    const stored = (await submissions(ctx, 'Imperfection')).at(-1)!;
    expect(stored.payload).toMatchObject({ imperfectionType: 'DamagedBag' });
    expect(await uploadSubmission(ctx, photo)).toBe(stored.id);
    const mail = await lastMail();
    for (const line of [
      'Ontdekker: Verpleegkundig personeel',
      'Klachttype: Zakje beschadigd',
      'Patiënt: Jan Jansen (geboren 1 mei 1940, Afdeling A)',
      'Slikdatum: 5 maart 2026',
      'Terugkoppeling via: E-mail',
      'E-mailadres: sanne@linde.example',
      'Foto: zakje.png (bijgevoegd)',
    ]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.attachments).toHaveLength(1);
  });

  it("refuses a roll file as photo, and another customer's photo", async () => {
    const before = (await submissions(ctx, 'Imperfection')).length;
    const rollFile = await insertUpload(ctx, client, account, 'RollFile');
    expectFieldErrors(await report({ ...complete(), imageGuid: rollFile }), 'imageGuid', [validation.fileTypeNotAllowed]);
    const theirs = await insertUpload(ctx, other, await createAccount(ctx, other));
    expectFieldErrors(await report({ ...complete(), imageGuid: theirs }), 'imageGuid', [validation.fileUnknown]);
    expect(await submissions(ctx, 'Imperfection')).toHaveLength(before);
  });
});
