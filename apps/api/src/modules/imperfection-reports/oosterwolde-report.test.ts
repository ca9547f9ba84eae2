import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, oosterwoldeRequiredMessages, specOosterwoldeCatalogue, type UploadedFile, validation, type OosterwoldeCatalogue, type OosterwoldeRequiredField, submissionReference } from '@portal/contract';
import { call, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, expectProblem } from '../../test/auth-helpers.js';
import { QUALITY, insertUpload, submissions, uploadSubmission, useSite } from './test-support.js';
import { jpegWithExif, multipartBody, samplePdf } from '../files/upload-fixtures.js';

const s = useSite('default');

const report = (body: unknown) => call(s.ctx, calls.forms.reportImperfectionInceptionOosterwolde, { body, token: s.token });

type FaultRow = {
  id: number;
  subject: string;
  name: string;
  label: string;
  required_fields: OosterwoldeRequiredField[];
};

/** The catalogue as the database holds it: the truth the server checks against. */
async function faultRows(): Promise<FaultRow[]> {
  const result = await s.ctx.database.ownerDb.execute<FaultRow>(
    sql`select id, subject, name, label, required_fields from imperfection_faults order by id`,
  );
  return result.rows;
}

const base = { department: 'Afdeling A', imperfectionLocation: 'Institution', imperfectionImpact: 'NotUsedNoDamage' };

/** A report of `fault` with every field that a fault can require filled in. */
const complete = (fault: Pick<FaultRow, 'subject' | 'name'>) => ({
  ...base,
  imperfectionAbout: fault.subject,
  imperfectionTypeInception: fault.name,
  patientId: s.client.patientId,
  swallowDate: '2026-02-03T08:15',
  drugNameAndStrength: 'Metformine 500 mg',
  batchNumber: 'M0',
  bagNumber: '4',
});

/** The payload without the one required field (the swallow time is the time part of swallowDate). */
function lacking(payload: ReturnType<typeof complete>, field: OosterwoldeRequiredField): Record<string, unknown> {
  if (field === 'swallowTime') return { ...payload, swallowDate: '2026-02-03' };
  const key = field === 'patientName' ? 'patientId' : field;
  const { [key]: _left, ...rest } = payload as Record<string, unknown>;
  return rest;
}
const fieldOf = (field: OosterwoldeRequiredField) => (field === 'patientName' ? 'patientId' : field);

describe('the catalogue in the database', () => {
  it('is the catalogue of the product entities: 31 faults (ids 1..32 without 11), each with its required fields', async () => {
    const patientAndBatch = ['patientName', 'batchNumber'];
    const missingBag = ['patientName', 'swallowDate', 'swallowTime', 'batchNumber'];
    const spec: Record<string, [string, number[], string[]][]> = {
      AddressLabel: [['AddressLabel', [1, 2, 3, 4], patientAndBatch]],
      Crate: [['Crate', [5, 6, 7, 8], []]],
      Drugs: [['Drugs', [9, 10, 12], ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber']]],
      Scroll: [
        ['Scroll', [13], ['patientName']],
        ['Scroll', [14, 15, 16, 17, 18, 19, 20], patientAndBatch],
      ],
      Tdl: [['Tdl', [21, 22, 23, 24, 25], patientAndBatch]],
      Packaging: [['Packaging', [26, 27], patientAndBatch]],
      Bag: [
        ['Bag', [28], missingBag],
        ['Bag', [29, 30, 31], [...missingBag, 'bagNumber']],
      ],
      Other: [['Other', [32], []]],
    };
    const expected = Object.values(spec)
      .flat()
      .flatMap(([subject, ids, required]) => ids.map((id) => ({ id, subject, required_fields: required })))
      .sort((a, b) => a.id - b.id);
    const rows = await faultRows();
    expect(rows.map(({ id, subject, required_fields }) => ({ id, subject, required_fields }))).toEqual(expected);
    expect(rows.find((f) => f.id === 30)?.name).toBe('BadPringBag');
    expect(rows.every((f) => f.label.trim().length > 0 && f.label !== f.name)).toBe(true);
  });
});

describe('Forms/GetImperfectionCatalogueOosterwolde', () => {
  it('answers the subjects in order with their faults, Dutch labels and required fields', async () => {
    const res = await call(s.ctx, calls.forms.getImperfectionCatalogueOosterwolde, { token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    const catalogue = res.json<OosterwoldeCatalogue>();
    // The web app's fallback for servers without this call is the same catalogue.
    expect(catalogue).toEqual(specOosterwoldeCatalogue);
    expect(catalogue.subjects.map((s) => [s.name, s.label])).toEqual([
      ['AddressLabel', 'Adresetiket'],
      ['Crate', 'Krat'],
      ['Drugs', 'Geneesmiddelen'],
      ['Scroll', 'Rol'],
      ['Tdl', 'Toedienlijst'],
      ['Packaging', 'Verpakking'],
      ['Bag', 'Zakje'],
      ['Other', 'Overig'],
    ]);
    const scroll = catalogue.subjects.find((s) => s.name === 'Scroll')!;
    expect(scroll.faults.map((f) => f.id)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(scroll.faults[0]).toEqual({ id: 13, name: 'MissingScroll', label: 'Rol ontbreekt', requiredFields: ['patientName'] });
    expect(catalogue.subjects.find((s) => s.name === 'AddressLabel')!.faults[0]).toMatchObject({
      name: 'MissingAddressLabel',
      label: 'Adresetiket ontbreekt',
    });
    const served = catalogue.subjects.flatMap((s) => s.faults.map((f) => ({ ...f, subject: s.name })));
    const rows = await faultRows();
    expect(served.map((f) => [f.id, f.subject, f.name, f.label, f.requiredFields]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      rows.map((f) => [f.id, f.subject, f.name, f.label, f.required_fields]),
    );
  });
});

describe('Forms/ReportImperfectionInceptionOosterwolde: the fault decides the required fields', () => {
  it("refuses, for every fault of the database's catalogue, a report lacking each of its required fields, with that field's message", async () => {
    const rows = await faultRows();
    expect(rows).toHaveLength(31);
    let checked = 0;
    for (const fault of rows) {
      for (const field of fault.required_fields) {
        const res = await report(lacking(complete(fault), field));
        expect(res.statusCode, `${fault.name} without ${field}: ${res.body}`).toBe(400);
        const errors = res.json<{ errors: Record<string, string[]> }>().errors;
        expect(errors[fieldOf(field)], `${fault.name} without ${field}`).toEqual([oosterwoldeRequiredMessages[field]]);
        checked += 1;
      }
      if (fault.required_fields.length > 0) {
        const bare = { ...base, imperfectionAbout: fault.subject, imperfectionTypeInception: fault.name, batchNumber: '' };
        const errors = (await report(bare)).json<{ errors: Record<string, string[]> }>().errors;
        expect(Object.keys(errors).sort(), fault.name).toEqual(fault.required_fields.map(fieldOf).sort());
      }
    }
    expect(checked).toBe(rows.reduce((n, f) => n + f.required_fields.length, 0));
    expect(await submissions(s.ctx, 'ImperfectionOosterwolde')).toHaveLength(0);
  });

  it('accepts, for every fault, a complete report, and one with only the fields the fault requires', async () => {
    const rows = await faultRows();
    for (const fault of rows) {
      const res = await report(complete(fault));
      expect(res.statusCode, `${fault.name}: ${res.body}`).toBe(200);
      const minimal: Record<string, unknown> = { ...base, imperfectionAbout: fault.subject, imperfectionTypeInception: fault.name };
      const full = complete(fault) as Record<string, unknown>;
      for (const field of fault.required_fields) {
        if (field === 'patientName') minimal.patientId = full.patientId;
        else if (field === 'swallowDate' || field === 'swallowTime') minimal.swallowDate = full.swallowDate;
        else minimal[field] = full[field];
      }
      const res2 = await report(minimal);
      expect(res2.statusCode, `${fault.name} minimal: ${res2.body}`).toBe(200);
    }
    expect(await submissions(s.ctx, 'ImperfectionOosterwolde')).toHaveLength(rows.length * 2);
  });

  it("refuses a subject or fault the catalogue does not hold, and a fault of another subject: 'Ongeldige waarde'", async () => {
    const fault = { subject: 'Crate', name: 'WrongCrate' };
    expectFieldErrors(await report({ ...complete(fault), imperfectionAbout: 'Kist' }), 'imperfectionAbout', [validation.invalidValue]);
    expectFieldErrors(await report({ ...complete(fault), imperfectionTypeInception: 'LostCrate' }), 'imperfectionTypeInception', [
      validation.invalidValue,
    ]);
    expectFieldErrors(await report({ ...complete(fault), imperfectionTypeInception: 'MissingScroll' }), 'imperfectionTypeInception', [
      validation.invalidValue,
    ]);
  });

  it('always requires the discoverer, subject, fault, impact and department', async () => {
    const doc = expectProblem(await report({}), 400);
    expect(doc.errors).toMatchObject({
      imperfectionLocation: [validation.discovererRequired],
      imperfectionAbout: [validation.imperfectionAboutRequired],
      imperfectionTypeInception: [validation.complaintTypeRequired],
      imperfectionImpact: [validation.impactRequired],
      department: [validation.departmentRequired],
    });
  });
});

describe('Forms/ReportImperfectionInceptionOosterwolde: storing and mailing', () => {
  it('stores the report with its photo and mails the quality address in Dutch, with the labels and a link instead of the patient and photo', async () => {
    const photo = await insertUpload(s.ctx, s.client, s.account);
    const before = (await mailsTo(s.ctx, QUALITY)).length;
    const body = {
      ...complete({ subject: 'Drugs', name: 'WrongDrugs' }),
      additionalInformation: 'Zakje van dinsdagochtend bevatte\nparacetamol in plaats van metformine.',
      takenActions: 'Arts gebeld.',
      imageGuid: photo,
      // what the s.client says about the photo is not what the mail tells
      imageExtension: '.exe',
      imageFileType: 'application/x-msdownload',
    };
    const res = await report(body);
    expect(res.statusCode, res.body).toBe(200);

    const stored = (await submissions(s.ctx, 'ImperfectionOosterwolde')).at(-1)!;
    expect(stored).toMatchObject({ client_id: s.client.id, status: 'New' });
    expect(stored.payload).toMatchObject({ imperfectionTypeInception: 'WrongDrugs', imageGuid: photo, batchNumber: 'M0' });
    expect(await uploadSubmission(s.ctx, photo)).toBe(stored.id);

    const mails = await mailsTo(s.ctx, QUALITY);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Melding onvolkomenheden van Apotheek De Linde (${s.client.clientCode}) via Mijn Spits`);
    const text = mail.textBody;
    for (const line of [
      'Formulier: Oosterwolde',
      'Ontdekker: Zorgmedewerker',
      'Wat de klacht is: Geneesmiddelen',
      'Klachttype: Verkeerd geneesmiddel (nr. 12)',
      'Impact: Niet ingenomen, geen schade',
      'Patiënt: zie Mijn Spits Beheer',
      'Slikdatum: 3 februari 2026',
      'Sliktijd: 08:15',
      'Naam geneesmiddel en sterkte: Metformine 500 mg',
      'Batchnummer: M0',
      'Nummer zakje: 4',
      'Aanvullende informatie: ingevuld, te lezen in Mijn Spits Beheer',
      'Ondernomen acties: ingevuld, te lezen in Mijn Spits Beheer',
      'Foto: meegestuurd',
      `Referentie: ${submissionReference('ImperfectionOosterwolde', stored.id, new Date())}`,
      'Bijlage: 1 bestand, te openen in Mijn Spits Beheer',
    ]) {
      expect(text).toContain(line);
    }
    // Deliberately changed (issue 30.3): no patient, free text or photo in the mail.
    for (const absent of ['WrongDrugs', 'NotUsedNoDamage', 'Institution', 'x-msdownload', '.exe', 'Jansen', 'paracetamol', 'Arts gebeld', 'zakje.png']) {
      expect(text).not.toContain(absent);
    }
    expect(mail.attachments ?? []).toEqual([]);
  });

  it('takes a photo uploaded through File/UploadFile, with the type the upload decided; a roll file upload is refused as photo', async () => {
    const upload = async (fileName: string, content: Buffer, purpose: 'Photo' | 'RollFile') => {
      const { payload, contentType } = multipartBody([{ name: 'file', fileName, content, contentType: 'application/octet-stream' }]);
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: calls.file.uploadFile.path,
        query: { purpose },
        headers: { 'content-type': contentType, authorization: `Bearer ${s.token}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<UploadedFile>();
    };
    const photo = await upload('Foto zakje.jpeg', await jpegWithExif(), 'Photo');
    const body = {
      ...complete({ subject: 'Bag', name: 'BagNotClosedProperly' }),
      imageGuid: photo.fileGuid,
      imageExtension: '.png',
      imageFileType: 'image/png',
    };
    expect((await report(body)).statusCode).toBe(200);
    const mail = (await mailsTo(s.ctx, QUALITY)).at(-1)!;
    expect(mail.textBody).toContain('Klachttype: Zakje niet goed gesloten (nr. 31)');
    expect(mail.textBody).toContain('Foto: meegestuurd');
    const stored = await s.ctx.database.ownerDb.execute<{ media_type: string }>(sql`select media_type from uploaded_files where id = ${photo.fileGuid}`);
    expect(stored.rows).toEqual([{ media_type: 'image/jpeg' }]);

    const rollFile = await upload('rollen.pdf', samplePdf, 'RollFile');
    expectFieldErrors(await report({ ...body, imageGuid: rollFile.fileGuid }), 'imageGuid', [validation.fileTypeNotAllowed]);
  });
});
