import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  addDays,
  amsterdamDate,
  calls,
  deploymentProfilePath,
  type CallDefinition,
  type DeploymentProfile,
  type ImperfectionVariant,
} from '@portal/contract';
import type { Database } from '../db/database.js';
import { multipartBody } from '../modules/files/upload-fixtures.js';
import { DEMO_PASSWORD } from './seed.js';
import { demoStaff } from './staff.js';

/**
 * The demo's inbox (issue 12): what the demo customers sent, filed through the portal's own calls (login,
 * upload, form), so every item is exactly what a customer's submission is; then what the provider's staff did
 * with them (status, assignee, notes, answers), so that the back-office shows items in every status.
 */
export async function seedDemoInbox(app: FastifyInstance, database: Database, now = new Date()): Promise<{ roll: number; photo: number }> {
  const today = amsterdamDate(now);
  const linde = await customer(app, database, 'assistent@apotheekdelinde.example');
  const lindeAdmin = await customer(app, database, 'beheer@apotheekdelinde.example');
  const baken = await customer(app, database, 'verpleging@hetbaken.example');

  const rollFile = await upload(app, linde.token, await rollFilePdf(linde.patient.name), 'rolbestand-vakantie.pdf', 'RollFile');
  const roll = await submit(app, linde, calls.forms.requestImmediateProduct, {
    patientId: linde.patient.id,
    department: linde.patient.department,
    extraScrollIsHolidayScroll: true,
    startDate: addDays(today, 7),
    amountOfDays: 14,
    sendDate: addDays(today, 3),
    receiveDate: addDays(today, 5),
    fileGuid: rollFile,
    receiveReturnCall: true,
  }, database);
  const newProduct = await submit(app, lindeAdmin, calls.forms.requestNewProduct, {
    drugName: 'Apixaban',
    drugStrength: '2,5 mg',
    consumptionPerWeek: '14 tabletten',
    amountOfPatients: 3,
    ziNumber: '16286839',
    reason: 'Drie nieuwe patiënten starten volgende week met apixaban; graag opnemen in de rollen.',
  }, database);
  const forms = await submit(app, linde, calls.forms.requestOfflineAssortment, { newDepartment: true, cureSet: false, medicationSet: true }, database);
  const question = await submit(app, baken, calls.forms.askNonFaqQuestion, {
    question: 'Kunnen wij de levering van volgende week dinsdag een dag later laten komen? Wij zijn dinsdag gesloten.',
  }, database);
  const photo = await submit(app, baken, calls.forms.requestPhoto, {
    patientGender: 'Female',
    patientId: baken.patient.id,
    department: baken.patient.department,
    swallowDateTime: `${addDays(today, -1)}T08:00:00`,
    drugName: 'Metoprolol 50 mg',
    reasonOfRequest: 'De tablet in het zakje van gisterochtend ziet er anders uit dan normaal.',
  }, database);
  const photoFile = await upload(app, baken.token, await cratePhoto(), 'krat.png', 'Photo');
  const report = await fileImperfectionReport(app, database, baken, photoFile, today);

  const staff = await staffIds(database);
  await history(database, linde.customerId, newProduct, [
    { event: 'Assigned', staffId: staff.Klantenservice, assigneeId: staff.Klantenservice, hoursAgo: 20 },
    { event: 'Status', staffId: staff.Klantenservice, from: 'New', to: 'Processing', hoursAgo: 20 },
    { event: 'Note', staffId: staff.Klantenservice, body: 'Navragen bij inkoop of apixaban 2,5 mg in de automaat past.', hoursAgo: 19 },
  ], now);
  await history(database, linde.customerId, forms, [
    { event: 'Status', staffId: staff.Beheerder, from: 'New', to: 'Processing', hoursAgo: 5 },
  ], now);
  await history(database, baken.customerId, question, [
    { event: 'Status', staffId: staff.Klantenservice, from: 'New', to: 'Processing', hoursAgo: 30 },
    {
      event: 'Answer',
      staffId: staff.Klantenservice,
      body: 'Dat kan: de levering komt woensdag tussen 8 en 10 uur. U hoeft verder niets te doen.',
      mailedTo: 'verpleging@hetbaken.example',
      hoursAgo: 29,
    },
    { event: 'Status', staffId: staff.Klantenservice, from: 'Processing', to: 'Archived', hoursAgo: 29 },
  ], now);
  await history(database, baken.customerId, report, [
    { event: 'Assigned', staffId: staff.Kwaliteit, assigneeId: staff.Kwaliteit, hoursAgo: 2 },
  ], now);
  return { roll, photo };
}

interface Step {
  event: 'Status' | 'Assigned' | 'Note' | 'Answer';
  staffId: number;
  hoursAgo: number;
  from?: string;
  to?: string;
  assigneeId?: number;
  body?: string;
  mailedTo?: string;
}

/**
 * The staff's steps on one submission, written as the inbox writes them, with the item's state after the last. The
 * submission was filed just now, through the portal's calls; its receipt is moved back to an hour before the first
 * step, so that its history reads in time order (and the report counts a response after the receipt).
 */
async function history(database: Database, customerId: string, submissionId: number, steps: Step[], now: Date): Promise<void> {
  const db = database.ownerDb;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const first = Math.max(...steps.map((step) => step.hoursAgo));
  await db.execute(sql`update form_submissions set created_at = ${hoursAgo(first + 1)} where client_id = ${customerId} and id = ${submissionId}`);
  for (const [index, step] of steps.entries()) {
    if (index > 0 && step.hoursAgo > steps[index - 1]!.hoursAgo) throw new Error('a demo history goes back in time');
    // Steps of one hour keep their order by a second each.
    const at = new Date(hoursAgo(step.hoursAgo).getTime() + index * 1000);
    await db.execute(sql`insert into inbox_events (client_id, item_kind, item_id, at, staff_id, event, from_status, to_status, assignee_id, body, mailed_to)
      values (${customerId}, 'Submission', ${submissionId}, ${at}, ${step.staffId}, ${step.event}, ${step.from ?? null}, ${step.to ?? null},
        ${step.assigneeId ?? null}, ${step.body ?? null}, ${step.mailedTo ?? null})`);
    if (step.event === 'Status') {
      await db.execute(sql`update form_submissions set status = ${step.to}, status_changed_at = ${at} where client_id = ${customerId} and id = ${submissionId}`);
    }
    if (step.event === 'Assigned') {
      await db.execute(sql`update form_submissions set assignee_id = ${step.assigneeId ?? null} where client_id = ${customerId} and id = ${submissionId}`);
    }
  }
}

async function staffIds(database: Database): Promise<Record<'Beheerder' | 'Klantenservice' | 'Kwaliteit', number>> {
  const rows = await database.ownerDb.execute<{ id: number; role: 'Beheerder' | 'Klantenservice' | 'Kwaliteit' }>(
    sql`select id, role from staff_accounts where email_address in (${sql.join(demoStaff.map((s) => sql`${s.emailAddress}`), sql`, `)})`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.role, Number(r.id)])) as Record<'Beheerder' | 'Klantenservice' | 'Kwaliteit', number>;
}

type DemoCustomer = Awaited<ReturnType<typeof customer>>;

/**
 * The crate that went to the wrong department, reported on the form the customer's site offers: the deployment's
 * profile (DEPLOYMENT_PROFILE) or the customer's own site decides which variant's call is open to it, and a
 * demo started under any profile must file one it may reach.
 */
async function fileImperfectionReport(app: FastifyInstance, database: Database, who: DemoCustomer, imageGuid: string, today: string): Promise<number> {
  const profile = (await inject(app, { method: 'GET', path: deploymentProfilePath }, { token: who.token })) as DeploymentProfile;
  const variant = profile.imperfectionVariants[0];
  if (!variant) throw new Error(`demo inbox: the site profile ${profile.name} offers no imperfection report`);
  const what = 'De rollen van deze afdeling zaten in de krat van de afdeling ernaast.';
  const done = 'Rollen zelf naar de juiste afdeling gebracht.';
  const reports: Record<ImperfectionVariant, () => Promise<number>> = {
    Oosterwolde: () =>
      submit(app, who, calls.forms.reportImperfectionInceptionOosterwolde, {
        department: who.patient.department,
        imperfectionLocation: 'Institution',
        imperfectionAbout: 'Crate',
        imperfectionTypeInception: 'WrongCrate',
        imperfectionImpact: 'NotUsedNoDamage',
        patientId: who.patient.id,
        additionalInformation: what,
        takenActions: done,
        imageGuid,
      }, database),
    Apeldoorn: () =>
      submit(app, who, calls.forms.reportImperfectionInceptionApeldoorn, {
        feedbackMessage: 'NoFeedbackNecessary',
        isComplaint: true,
        complaintCategory: 'Delivery',
        complaintKind: 'CrateIncorrectlyDelivered',
        originFaultDiscovered: 'Nursery',
        crateAmount: 1,
        patientId: who.patient.id,
        departmentName: who.patient.department,
        remarks: what,
        takenActions: done,
        imageGuid,
      }, database),
    Alkmaar: () =>
      submit(app, who, calls.forms.reportImperfectionInceptionAlkmaar, {
        pharmacyContactPerson: 'Verpleging Het Baken',
        discovererComplaint: 'Nursery',
        natureComplaint: 'Other',
        other: 'Krat bij de verkeerde afdeling bezorgd',
        department: who.patient.department,
        patientId: who.patient.id,
        startSwallowDate: today,
        detailedDescriptionMessage: what,
        actionsTakenImmediately: done,
        imageGuid,
      }, database),
    Basic: () =>
      submit(app, who, calls.forms.reportImperfection, {
        imperfectionLocation: 'Institution',
        imperfectionType: 'WrongCrate',
        patientId: who.patient.id,
        department: who.patient.department,
        swallowDate: today,
        drugName: 'Metoprolol',
        drugStrength: '50 mg',
        drugAmount: '1',
        generalAdditionalInformation: what,
        takenActions: done,
        feedBackOption: 'Phone',
        contactInfo: '0513 123 456',
      }, database),
  };
  return reports[variant]();
}

async function customer(app: FastifyInstance, database: Database, emailAddress: string) {
  const login = await inject(app, calls.authentication.loginWithCredentials, { body: { emailAddress, password: DEMO_PASSWORD } });
  const { accessToken } = login as { accessToken: string };
  const rows = await database.ownerDb.execute<{ client_id: string; id: number; name: string; department: string }>(sql`
    select p.client_id, p.id, concat_ws(' ', p.first_name, p.name_prefix, p.last_name) as name, f.name as department
    from accounts a join patients p on p.client_id = a.client_id join facilities f on f.client_id = p.client_id and f.id = p.facility_id
    where a.email_address = ${emailAddress} order by p.id limit 1`);
  const patient = rows.rows[0];
  if (!patient) throw new Error(`demo inbox: no patient for ${emailAddress}`);
  return { token: accessToken, customerId: patient.client_id, patient: { id: Number(patient.id), name: patient.name, department: patient.department } };
}

async function inject(app: FastifyInstance, call: Pick<CallDefinition, 'method' | 'path'>, options: { body?: unknown; token?: string }): Promise<unknown> {
  const res = await app.inject({
    method: call.method,
    url: call.path,
    remoteAddress: '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`demo inbox: ${call.path} answered ${res.statusCode}: ${res.body}`);
  return res.body ? (JSON.parse(res.body) as unknown) : undefined;
}

/** Files a form as the customer, and answers the submission's id (the customer's newest). */
async function submit(app: FastifyInstance, who: DemoCustomer, call: CallDefinition, body: unknown, database: Database): Promise<number> {
  await inject(app, call, { body, token: who.token });
  const rows = await database.ownerDb.execute<{ id: number }>(sql`select max(id) as id from form_submissions where client_id = ${who.customerId}`);
  return Number(rows.rows[0]?.id);
}

async function upload(app: FastifyInstance, token: string, content: Buffer, fileName: string, purpose: 'RollFile' | 'Photo'): Promise<string> {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
  const res = await app.inject({
    method: 'POST',
    url: `${calls.file.uploadFile.path}?purpose=${purpose}`,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`demo inbox: upload answered ${res.statusCode}: ${res.body}`);
  return (JSON.parse(res.body) as { fileGuid: string }).fileGuid;
}

function rollFilePdf(patientName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: 'Rolbestand vakantierol' } });
    const parts: Buffer[] = [];
    doc.on('data', (part: Buffer) => parts.push(part));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.fontSize(16).text('Rolbestand vakantierol');
    doc.moveDown().fontSize(11).text(`Patiënt: ${patientName}`);
    doc.text('Medicatie: metformine 500 mg 2x daags, simvastatine 20 mg 1x daags (avond)');
    doc.end();
  });
}

function cratePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420">
    <rect width="640" height="420" fill="#d9e4e6"/><rect x="120" y="110" width="400" height="220" rx="12" fill="#3b6e8f"/>
    <text x="320" y="235" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">Krat afdeling B</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
