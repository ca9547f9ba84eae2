import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, feedback, validation, submissionReference } from '@portal/contract';
import { auditRows, call, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { SERVICE, expectServiceMail, itRequiresEach, openForms, resetClock, submissionsOf } from './test-support.js';

const forms = useOpened(openForms);
beforeEach(resetClock);

const submissions = (kind: string) => submissionsOf(forms.ctx, kind);
const count = async (kind: string) => (await submissions(kind)).length;


describe('Forms/RequestNewProduct', () => {
  const valid = {
    drugName: 'Metoprolol',
    drugStrength: '50 mg',
    consumptionPerWeek: '14 tabletten',
    amountOfPatients: 3,
    ziNumber: '12345678',
    reason: 'Nieuw voorgeschreven\nvoor drie bewoners',
  };
  const send = (body: unknown, bearer: string | null = forms.token) =>
    call(forms.ctx, calls.forms.requestNewProduct, { body, token: bearer ?? undefined });

  it('stores the request and mails it to the service address in Dutch', async () => {
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await submissions('NewProduct');
    expect(row).toMatchObject({ client_id: forms.client.id, status: 'New', payload: valid });
    // The receipt: the number and the reference the customer quotes.
    expect(res.json()).toEqual({ submissionId: row!.id, reference: expect.stringMatching(new RegExp(`^AAN-\\d{4}-${String(row!.id).padStart(6, '0')}$`)) as string });

    // The reason is the customer's own text: it may name a patient, so the mail says it is there and links to it.
    const mail = await expectServiceMail(forms, 'Aanvraag nieuw product', [
      `Ingediend door: Sanne Pieters <${forms.submitterEmail}>`,
      `Referentie: ${submissionReference('NewProduct', row!.id, new Date())}`,
      `Openen in Mijn Spits Beheer: http://portal.test/beheer/inbox/formulier/${row!.id}`,
      'Naam geneesmiddel: Metoprolol',
      'Geneesmiddel sterkte: 50 mg',
      'Verbruik per week: 14 tabletten',
      'Aantal patiënten: 3',
      'ZI-nummer: 12345678',
      'Reden: ingevuld, te lezen in Mijn Spits Beheer',
    ]);
    expect(mail.textBody).not.toContain('Nieuw voorgeschreven');
    const copy = (await mailsTo(forms.ctx, forms.submitterEmail)).at(-1)!;
    expect(copy.textBody).toContain('Aantal patiënten: 3');
    expect(copy.textBody).toContain('Reden: ingevuld (niet herhaald in deze e-mail)');
    const audit = (await auditRows(forms.ctx, 'FormSubmission')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', client_id: forms.client.id });
  });

  it('takes an empty ZI number and 0 patients', async () => {
    const res = await send({ ...valid, ziNumber: '', amountOfPatients: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailsTo(forms.ctx, SERVICE)).at(-1)!.textBody).toContain('ZI-nummer: -');
  });

  itRequiresEach(
    // The number of patients is a number: blanks are no empty value of it.
    { forms, kind: 'NewProduct', send, valid: () => valid, empty: (field) => (field === 'amountOfPatients' ? [] : ['  ']) },
    [
      ['drugName', validation.drugNameRequired],
      ['drugStrength', validation.drugStrengthRequired],
      ['consumptionPerWeek', validation.consumptionRequired],
      ['amountOfPatients', validation.amountOfPatientsRequired],
      ['reason', validation.reasonRequired],
    ],
  );

  it('needs a token', async () => {
    expectProblem(await send(valid, null), 401);
  });
});

// -------------------------------------------------------------------------------------------- roll request


describe('Forms/RequestPhoto', () => {
  const valid = () => ({
    patientGender: 'Male',
    patientId: forms.client.patientId,
    patientBirthDate: '1940-05-01',
    department: 'Afdeling A',
    swallowDateTime: '2026-07-14T08:30',
    drugName: 'Paracetamol 500 mg',
    reasonOfRequest: 'Tablet lijkt anders van kleur',
  });
  const send = (body: unknown) => call(forms.ctx, calls.forms.requestPhoto, { body, token: forms.token});

  it('stores the request and mails it with the moment of swallowing, the patient and the reason withheld', async () => {
    const res = await send(valid());
    expect(res.statusCode, res.body).toBe(200);
    const row = (await submissions('Photo')).at(-1)!;
    expect(row.payload).toEqual(valid());
    // The submitter's copy: the reference and what happens next, without the patient's name or birth date.
    const reference = (res.json() as { reference: string }).reference;
    expect(reference).toMatch(/^AAN-2026-\d{6}$/);
    const copy = (await mailsTo(forms.ctx, forms.submitterEmail)).at(-1)!;
    expect(copy.subject).toBe(`Ontvangen: aanvraag foto ${reference}`);
    expect(copy.textBody).toContain(`Uw referentienummer is ${reference}.`);
    expect(copy.textBody).toContain('Mijn aanvragen en meldingen');
    expect(copy.textBody).toContain('Naam medicijn: Paracetamol 500 mg');
    expect(copy.textBody).toContain('Patiënt: zie Mijn Spits');
    expect(copy.textBody).not.toContain('Jansen');
    expect(copy.textBody).not.toContain('1940');
    expect(copy.textBody).not.toContain('anders van kleur');
    expect(copy.attachments ?? []).toEqual([]);
    // The provider's mail neither: the patient and the reason are read in the back-office (deliberately changed
    // from naming the patient, issue 30.3).
    const mail = await expectServiceMail(forms, 'Aanvraag foto', [
      'Patiënt: zie Mijn Spits Beheer',
      `Openen in Mijn Spits Beheer: http://portal.test/beheer/inbox/formulier/${row.id}`,
      'Afdeling: Afdeling A',
      'Datum en tijd van innemen: 14 juli 2026 om 08:30',
      'Naam medicijn: Paracetamol 500 mg',
      'Reden aanvraag: ingevuld, te lezen in Mijn Spits Beheer',
    ]);
    expect(mail.textBody).not.toMatch(/Jansen|1940|anders van kleur/);
  });

  it('writes a moment with an offset in Amsterdam time', async () => {
    const res = await send({ ...valid(), swallowDateTime: '2026-07-14T06:30:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailsTo(forms.ctx, SERVICE)).at(-1)!.textBody).toContain('Datum en tijd van innemen: 14 juli 2026 om 08:30');
  });

  itRequiresEach({ forms, kind: 'Photo', send, valid }, [
    ['patientId', validation.patientRequired],
    ['department', validation.departmentRequired],
    ['swallowDateTime', validation.dateRequired],
    ['drugName', validation.medicineNameRequired],
    ['reasonOfRequest', validation.reasonOfRequestRequired],
  ]);

  it("refuses another customer's patient", async () => {
    const foreign = await forms.ctx.database.ownerDb.execute<{ id: number }>(sql`select id from patients where client_id = ${forms.other.id}`);
    const before = await count('Photo');
    expectFieldErrors(await send({ ...valid(), patientId: foreign.rows[0]!.id }), 'patientId', [validation.patientUnknown]);
    expect(await count('Photo')).toBe(before);
  });
});

// --------------------------------------------------------------------------------------- offline assortment

describe('Forms/RequestOfflineAssortment', () => {
  const send = (body: unknown) => call(forms.ctx, calls.forms.requestOfflineAssortment, { body, token: forms.token});

  it('stores the request and mails which forms are wanted', async () => {
    const res = await send({ newDepartment: false, cureSet: false, medicationSet: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await submissions('OfflineAssortment')).at(-1)!.payload).toEqual({ newDepartment: false, cureSet: false, medicationSet: true });
    const mail = (await mailsTo(forms.ctx, SERVICE)).at(-1)!;
    expect(mail.subject).toBe(`Aanvraag formulieren van Apotheek De Linde (${forms.clientCode}) via Mijn Spits`);
    expect(mail.textBody).toContain('Formulieren nieuwe afdeling: Nee');
    expect(mail.textBody).toContain('Formulieren cureset: Nee');
    expect(mail.textBody).toContain('Formulieren medicatieset: Ja');
  });

  it('refuses a request without any form ticked', async () => {
    const before = await count('OfflineAssortment');
    for (const body of [{}, { newDepartment: false, cureSet: false, medicationSet: false }]) {
      const doc = expectFieldErrors(await send(body), 'newDepartment', [validation.offlineFormsNoneChosen]);
      expect(doc.title).toBe(validation.offlineFormsNoneChosen);
    }
    expectFieldErrors(await send({ newDepartment: 'ja' }), 'newDepartment', [validation.invalidValue]);
    expect(await count('OfflineAssortment')).toBe(before);
  });
});

// ------------------------------------------------------------------------------------------- user details

describe('Forms/GetFormPostUserDetails', () => {
  it('answers the logged-in account and its customer', async () => {
    const res = await call(forms.ctx, calls.forms.getFormPostUserDetails, { token: forms.token});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Sanne',
      middleName: null,
      lastName: 'Pieters',
      emailAddress: forms.submitterEmail,
      clientCode: forms.clientCode,
      clientName: 'Apotheek De Linde',
    });
    expectProblem(await call(forms.ctx, calls.forms.getFormPostUserDetails), 401, feedback.unauthorized);
  });
});
