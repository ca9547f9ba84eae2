import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, amsterdamDate, backofficeInboxCalls as inbox, calls } from '@portal/contract';
import { call } from '../../test/harness.js';
import { pngOf, samplePdf } from '../files/upload-fixtures.js';
import { uploadAs } from '../request-forms/test-support.js';
import { auditOf, inboxTable, insertOrder, insertSubmission, openInbox, readDetail, type InboxWorld, type ItemRef } from './test-support.js';

let world: InboxWorld;

beforeAll(async () => {
  world = await openInbox();
});
afterAll(async () => {
  await world?.ctx.close();
});

/** The newest item of a kind in the inbox, as Beheerder finds it. */
async function newest(kind: string): Promise<ItemRef> {
  const row = (await inboxTable(world, world.staff.Beheerder, { kinds: [kind] })).items[0]!;
  return { itemKind: row.itemKind, id: row.id };
}

const fieldsAsObject = (fields: { label: string; value: string }[]) => Object.fromEntries(fields.map((f) => [f.label, f.value]));

describe('the detail of an item', () => {
  it('shows a roll request filed in the portal as a readable form, with its patient, its file and its arrival', async () => {
    const { ctx, linde } = world;
    const file = await uploadAs(ctx, linde.token, samplePdf, 'rollen week 12.pdf');
    const today = amsterdamDate(new Date());
    const filed = await call(ctx, calls.forms.requestImmediateProduct, {
      token: linde.token,
      headers: { 'idempotency-key': 'rol-1' },
      body: {
        patientId: linde.patientId,
        department: 'Afdeling A',
        extraScrollIsHolidayScroll: true,
        startDate: addDays(today, 7),
        amountOfDays: 14,
        sendDate: addDays(today, 2),
        receiveDate: addDays(today, 5),
        fileGuid: file.fileGuid,
        receiveReturnCall: true,
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const item = await newest('ImmediateProduct');
    const detail = await readDetail(world, world.staff.Klantenservice, item);
    expect(detail).toMatchObject({
      kind: 'ImmediateProduct',
      status: 'New',
      client: { id: linde.id, clientCode: linde.clientCode, name: 'Apotheek De Linde' },
      submitter: { name: 'Sanne Pieters', emailAddress: linde.account.emailAddress },
      assignee: null,
      patient: { patientId: linde.patientId, patientName: 'Jan Jansen', birthDate: '1940-05-01', facility: 'Afdeling A' },
      order: null,
    });
    expect(fieldsAsObject(detail.fields)).toMatchObject({
      Afdeling: 'Afdeling A',
      'Soort rol': 'Vakantierol',
      'Aantal dagen': '14',
      'Ik wil graag teruggebeld worden': 'Ja',
    });
    expect(detail.fields.map((f) => f.label)).not.toContain('fileGuid');
    expect(detail.attachments).toEqual([
      { fileId: file.fileGuid, fileName: 'rollen week 12.pdf', mediaType: 'application/pdf', sizeBytes: samplePdf.length, isImage: false },
    ]);
    expect(detail.history).toEqual([expect.objectContaining({ id: 'received', event: 'Received', toStatus: 'New', staffName: null })]);

    const reads = await auditOf(ctx, 'Backoffice.InboxRead');
    expect(reads.at(-1)).toMatchObject({
      staff_id: world.staff.Klantenservice.id,
      client_id: linde.id,
      patient_ids: [linde.patientId],
      object_id: String(item.id),
    });
  });

  it('downloads its file, each download audited with the customer and the patient', async () => {
    const item = await newest('ImmediateProduct');
    const { attachments } = await readDetail(world, world.staff.Beheerder, item);
    const res = await call(world.ctx, inbox.downloadFile, { token: world.staff.Beheerder.token, query: { FileId: attachments[0]!.fileId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('rollen week 12.pdf');
    expect(res.rawPayload.equals(samplePdf)).toBe(true);
    expect((await auditOf(world.ctx, 'Backoffice.InboxFile')).at(-1)).toMatchObject({
      staff_id: world.staff.Beheerder.id,
      client_id: world.linde.id,
      patient_ids: [world.linde.patientId],
      object_id: attachments[0]!.fileId,
    });
  });

  it('shows an Oosterwolde report with the catalogue’s names and its photo as an image', async () => {
    const { ctx, baken } = world;
    const photo = await uploadAs(ctx, baken.token, await pngOf(20, 10), 'zakje.png', 'Photo');
    const filed = await call(ctx, calls.forms.reportImperfectionInceptionOosterwolde, {
      token: baken.token,
      headers: { 'idempotency-key': 'melding-1' },
      body: {
        department: 'Afdeling A',
        imperfectionLocation: 'Institution',
        imperfectionAbout: 'Crate',
        imperfectionTypeInception: 'ReceivedCrateAtWrongLocation',
        imperfectionImpact: 'NotUsedNoDamage',
        patientId: baken.patientId,
        additionalInformation: 'Krat stond bij de buren.\nTweede keer deze maand.',
        imageGuid: photo.fileGuid,
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const detail = await readDetail(world, world.staff.Kwaliteit, await newest('ImperfectionOosterwolde'));
    expect(fieldsAsObject(detail.fields)).toEqual({
      Afdeling: 'Afdeling A',
      Ontdekker: 'Zorgmedewerker',
      'Wat de klacht is': 'Krat',
      Klachttype: 'Krat op de verkeerde locatie ontvangen (nr. 5)',
      Impact: 'Niet ingenomen, geen schade',
      'Aanvullende informatie': 'Krat stond bij de buren.\nTweede keer deze maand.',
    });
    expect(detail.attachments).toEqual([expect.objectContaining({ fileId: photo.fileGuid, mediaType: 'image/png', isImage: true })]);
  });

  it('reads the Apeldoorn and Alkmaar reports with their dropdown labels, and a kind it does not know as sent', async () => {
    const { ctx, linde } = world;
    const apeldoorn = await insertSubmission(ctx, linde, 'ImperfectionApeldoorn', {
      isComplaint: true,
      complaintCategory: 'Delivery',
      complaintKind: 'CrateNotDelivered',
      crateAmount: 2,
      originFaultDiscovered: 'Nursery',
      additionalInformation: ['PhysicianInformed', 'ProductKept'],
      feedbackMessage: 'Mail',
      contactPerson: 'Sanne',
      emailAddress: 'sanne@linde.test',
      dateTimeBag: '2026-03-02T08:15',
    });
    expect(fieldsAsObject((await readDetail(world, world.staff.Kwaliteit, apeldoorn)).fields)).toEqual({
      'Klacht/Foto opvraag': 'Klacht',
      'Datum en tijd van het zakje': '2 maart 2026 om 08:15',
      Klachtcategorie: 'Levering',
      'Soort klacht': 'Krat niet geleverd',
      'Aantal kratten': '2',
      'Waar is de fout ontdekt': 'Verpleging of zorgmedewerker',
      'Aanvullende informatie': '- Arts is geïnformeerd\n- Product is bewaard voor onderzoek',
      Terugkoppeling: 'Terugkoppeling per e-mail',
      Contactpersoon: 'Sanne',
      'E-mailadres voor terugkoppeling': 'sanne@linde.test',
    });
    const alkmaar = await insertSubmission(ctx, linde, 'ImperfectionAlkmaar', {
      pharmacyContactPerson: 'Sanne',
      discovererComplaint: 'Patient',
      natureComplaint: 'MissingBag',
      startSwallowDate: '2026-03-01',
      intakeTime: '08:00',
    });
    expect(fieldsAsObject((await readDetail(world, world.staff.Kwaliteit, alkmaar)).fields)).toEqual({
      'Contactpersoon apotheek': 'Sanne',
      'Ontdekker van klacht': 'Patiënt of familie',
      'Aard van klacht': 'Ontbrekend zakje',
      Startslikdatum: '1 maart 2026',
      Innametijd: '08:00',
    });
    const future = await insertSubmission(ctx, linde, 'SomethingNew', { reden: 'Nieuw formulier', aantal: 3 });
    expect((await readDetail(world, world.staff.Beheerder, future)).fields).toEqual([
      { label: 'reden', value: 'Nieuw formulier' },
      { label: 'aantal', value: '3' },
    ]);
  });

  it('shows a service order with its lines and total', async () => {
    const order = await insertOrder(world.ctx, world.baken);
    const detail = await readDetail(world, world.staff.Klantenservice, order);
    expect(detail).toMatchObject({ kind: 'ServiceOrder', fields: [], attachments: [], patient: null, submitter: { name: 'Besteller Zorggroep Het Baken' } });
    expect(detail.order).toEqual({
      rows: [{ articleCode: expect.stringMatching(/^SP-/) as string, name: 'Adresetiketten', amount: 2, price: 18.5, rowTotalPrice: 37 }],
      totalPrice: 37,
    });
  });
});
