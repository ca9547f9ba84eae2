import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { calls, feedback, uploadedFile, validation, type UploadedFile } from '@portal/contract';
import { auditRows, createAccount, createCustomer, createTestContext } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import {
  compoundFile,
  elfBytes,
  jpegWithExif,
  multipartBody,
  pngOf,
  sampleDocx,
  samplePdf,
  windowsExecutable,
  type Part,
} from './upload-fixtures.js';

const pharmacy = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  return { ctx, client, token: (await login(ctx, await createAccount(ctx, client))).accessToken };
});

const path = calls.file.uploadFile.path;

function upload(parts: Part[], options: { purpose?: string; bearer?: string | null } = {}) {
  const { payload, contentType } = multipartBody(parts);
  const bearer = options.bearer === undefined ? pharmacy.token : options.bearer;
  return pharmacy.ctx.app.inject({
    method: 'POST',
    url: path,
    query: options.purpose ? { purpose: options.purpose } : undefined,
    headers: { 'content-type': contentType, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload,
  });
}

const oneFile = (fileName: string, content: Buffer | string, contentType?: string): Part[] => [
  { name: 'file', fileName, content, contentType },
];

async function storedRow(fileGuid: string) {
  const result = await pharmacy.ctx.database.ownerDb.execute<{
    client_id: string;
    account_id: number;
    purpose: string;
    file_name: string;
    media_type: string;
    size_bytes: number;
    content: Buffer;
    submission_id: number | null;
    sha256: string;
  }>(sql`select * from uploaded_files where id = ${fileGuid}`);
  return result.rows[0];
}

const countFiles = async () =>
  Number((await pharmacy.ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from uploaded_files`)).rows[0]!.n);

describe('File/UploadFile: roll files', () => {
  it('stores a pdf as the customer\'s own under a random id and audits it', async () => {
    const res = await upload(oneFile('Rollen week 12.pdf', samplePdf, 'application/pdf'), { purpose: 'RollFile' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = uploadedFile.parse(res.json());
    expect(answer).toEqual({
      fileGuid: expect.any(String),
      fileName: 'Rollen week 12.pdf',
      fileExtension: '.pdf',
      fileType: 'application/pdf',
      size: samplePdf.length,
    });
    const row = await storedRow(answer.fileGuid);
    expect(row).toMatchObject({ client_id: pharmacy.client.id, purpose: 'RollFile', media_type: 'application/pdf', submission_id: null });
    expect(Buffer.compare(row!.content, samplePdf)).toBe(0);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const audit = (await auditRows(pharmacy.ctx, 'FileUpload')).at(-1) as Record<string, unknown>;
    expect(audit).toMatchObject({ outcome: 'Success', client_id: pharmacy.client.id, details: expect.objectContaining({ purpose: 'RollFile' }) });
    const objectId = await pharmacy.ctx.database.ownerDb.execute<{ object_id: string }>(
      sql`select object_id from audit_log where action = 'FileUpload' order by id desc limit 1`,
    );
    expect(objectId.rows[0]!.object_id).toBe(answer.fileGuid);
  });

  it('without a purpose (the spec has none) lets the bytes decide: a document is a roll file, a photo a photo', async () => {
    const res = await upload(oneFile('rol.pdf', samplePdf));
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedRow(res.json<UploadedFile>().fileGuid))?.purpose).toBe('RollFile');
    const photo = await upload(oneFile('foto.png', await pngOf(40, 30)));
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json<UploadedFile>().fileType).toBe('image/png');
    expect((await storedRow(photo.json<UploadedFile>().fileGuid))?.purpose).toBe('Photo');
    expectFieldErrors(await upload(oneFile('setup.pdf', elfBytes)), 'file', [validation.fileTypeNotAllowed]);
  });

  it.each([
    ['plain text', 'rollen.txt', Buffer.from('Patiënt Jansen\nMaandag: 1x paracetamol\r\n\tDinsdag: idem\n'), 'text/plain', '.txt'],
    ['rtf', 'rollen.rtf', Buffer.from('{\\rtf1\\ansi Rollen}'), 'application/rtf', '.rtf'],
    ['Word 97-2003', 'rollen.doc', compoundFile('WordDocument'), 'application/msword', '.doc'],
    ['docx', 'rollen.docx', sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx'],
  ])('accepts %s, typed by its bytes', async (_label, fileName, bytes, mediaType, extension) => {
    // The browser's header says nothing useful; the bytes decide.
    const res = await upload(oneFile(fileName, bytes, 'application/octet-stream'), { purpose: 'RollFile' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileType: mediaType, fileExtension: extension, fileName });
  });

  it.each([
    ['a Linux executable named .pdf', 'rollen.pdf', elfBytes],
    ['a Windows executable named .pdf', 'rollen.pdf', windowsExecutable()],
    ['a compound file that is no Word document (an installer)', 'rollen.doc', compoundFile('SummaryInformation')],
    ['text with binary control characters', 'rollen.txt', Buffer.from('abc\u0000\u0001def')],
    ['bytes that are not UTF-8', 'rollen.txt', Buffer.from([0x52, 0x6f, 0xff, 0xfe, 0x6c])],
    ['a png photo', 'rollen.png', 'png'],
  ])("refuses %s with 'Bestandstype is niet toegestaan'", async (_label, fileName, content) => {
    const before = await countFiles();
    const bytes = content === 'png' ? await pngOf(10, 10) : (content as Buffer);
    const res = await upload(oneFile(fileName, bytes, 'application/pdf'), { purpose: 'RollFile' });
    expectFieldErrors(res, 'file', [validation.fileTypeNotAllowed]);
    expect(await countFiles()).toBe(before);
    const audit = (await auditRows(pharmacy.ctx, 'FileUpload')).at(-1) as Record<string, unknown>;
    expect(audit).toMatchObject({ outcome: 'Failure', client_id: pharmacy.client.id, details: { purpose: 'RollFile', status: 400, reason: validation.fileTypeNotAllowed } });
  });

  it('cleans the file name: no path, no control or direction characters, a sensible length, the right extension', async () => {
    const cases: [string, string][] = [
      ['C:\\Users\\piet\\Documenten\\rol.pdf', 'rol.pdf'],
      ['../../etc/rol.pdf', 'rol.pdf'],
      ['rol\u202Efdp.exe', 'rolfdp.exe.pdf'],
      ['  rol\u0007 week\t 3.PDF ', 'rol week 3.pdf'],
      ['rol <3>: week?.pdf', 'rol _3__ week_.pdf'],
      ['...', 'bestand.pdf'],
      [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(116)}.pdf`],
    ];
    for (const [raw, cleaned] of cases) {
      const res = await upload(oneFile(raw, samplePdf));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<UploadedFile>().fileName, raw).toBe(cleaned);
    }
  });

  it('answers 413 for a file over 20 MB, and stores nothing', async () => {
    const before = await countFiles();
    const big = Buffer.concat([samplePdf, Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    expectProblem(await upload(oneFile('groot.pdf', big)), 413, feedback.fileTooLarge);
    expect(await countFiles()).toBe(before);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const exact = Buffer.concat([samplePdf, Buffer.alloc(20 * 1024 * 1024 - samplePdf.length, 0x20)]);
    const res = await upload(oneFile('precies.pdf', exact));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UploadedFile>().size).toBe(20 * 1024 * 1024);
  });
});

describe('File/UploadFile: photos', () => {
  it('re-encodes a jpeg: turned upright by its EXIF orientation, EXIF and GPS gone', async () => {
    const original = await jpegWithExif();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('PortalCam');

    const res = await upload(oneFile('foto.jpeg', original, 'image/jpeg'), { purpose: 'Photo' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<UploadedFile>();
    expect(answer).toMatchObject({ fileType: 'image/jpeg', fileExtension: '.jpeg', fileName: 'foto.jpeg' });
    const row = await storedRow(answer.fileGuid);
    expect(answer.size).toBe(row!.content.length);
    const after = await sharp(row!.content).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // 40x20 turned a quarter: 20 wide, 40 high.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(row!.content.includes(Buffer.from('PortalCam'))).toBe(false);
  });

  it('re-encodes a png and keeps it a png', async () => {
    const res = await upload(oneFile('scan', await pngOf(30, 10), 'application/octet-stream'), { purpose: 'Photo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileType: 'image/png', fileExtension: '.png', fileName: 'scan.png' });
  });

  it('refuses an image of more than 40 megapixels (a PNG of 10000x5000), before decoding it', async () => {
    const huge = await pngOf(10_000, 5_000);
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const before = await countFiles();
    expectFieldErrors(await upload(oneFile('groot.png', huge), { purpose: 'Photo' }), 'file', [validation.imageTooManyPixels]);
    expect(await countFiles()).toBe(before);
  }, 60_000);

  it('answers 400, never 500, for a corrupt image', async () => {
    const good = await jpegWithExif();
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    expectFieldErrors(await upload(oneFile('kapot.jpg', truncated), { purpose: 'Photo' }), 'file', [validation.fileUnreadable]);
    const pngHeaderOnly = (await pngOf(10, 10)).subarray(0, 40);
    expectFieldErrors(await upload(oneFile('kapot.png', pngHeaderOnly), { purpose: 'Photo' }), 'file', [validation.fileUnreadable]);
  });

  it('refuses a pdf or an executable as a photo', async () => {
    expectFieldErrors(await upload(oneFile('foto.jpg', samplePdf), { purpose: 'Photo' }), 'file', [validation.fileTypeNotAllowed]);
    expectFieldErrors(await upload(oneFile('foto.jpg', elfBytes), { purpose: 'Photo' }), 'file', [validation.fileTypeNotAllowed]);
  });

  it('refuses a PDF with a script run on opening', async () => {
    const scripted = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    expectFieldErrors(await upload(oneFile('rollen.pdf', scripted), { purpose: 'RollFile' }), 'file', [validation.pdfActiveContent]);
  });
});

describe('File/UploadFile: what the request must be', () => {
  it('answers 401 without a token, before reading the body (even one over the limit)', async () => {
    const before = await countFiles();
    expectProblem(await upload(oneFile('rol.pdf', samplePdf), { bearer: null }), 401);
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    expectProblem(await upload(oneFile('rol.pdf', big), { bearer: null }), 401);
    expectProblem(await upload(oneFile('rol.pdf', samplePdf), { bearer: 'not-a-token' }), 401);
    expect(await countFiles()).toBe(before);
  });

  it('answers 400 in Dutch for a request without a file, with only a text field, or with the file in another field', async () => {
    expectFieldErrors(await upload([]), 'file', [validation.fileRequired]);
    expectFieldErrors(await upload([{ name: 'file', content: 'geen bestand' }]), 'file', [validation.fileRequired]);
    expectFieldErrors(await upload([{ name: 'bijlage', fileName: 'rol.pdf', content: samplePdf }]), 'file', [validation.fileRequired]);
  });

  it('answers 400 for two files', async () => {
    const before = await countFiles();
    const res = await upload([...oneFile('a.pdf', samplePdf), ...oneFile('b.pdf', samplePdf)]);
    expectFieldErrors(res, 'file', [validation.fileOnlyOne]);
    expect(await countFiles()).toBe(before);
  });

  it('answers 400 for an empty file', async () => {
    expectFieldErrors(await upload(oneFile('leeg.pdf', Buffer.alloc(0))), 'file', [validation.fileEmpty]);
  });

  it('ignores text fields beside the file', async () => {
    const res = await upload([{ name: 'opmerking', content: 'zie bijlage' }, ...oneFile('rol.pdf', samplePdf)]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 400 for a body that is not multipart, or not well-formed multipart', async () => {
    const auth = { authorization: `Bearer ${pharmacy.token}` };
    const asJson = await pharmacy.ctx.app.inject({ method: 'POST', url: path, headers: auth, payload: { file: 'x' } });
    expectFieldErrors(asJson, 'file', [validation.uploadNotMultipart]);
    const asBytes = await pharmacy.ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { ...auth, 'content-type': 'application/pdf' },
      payload: samplePdf,
    });
    expectFieldErrors(asBytes, 'file', [validation.uploadNotMultipart]);
    expectFieldErrors(await pharmacy.ctx.app.inject({ method: 'POST', url: path, headers: auth }), 'file', [validation.uploadNotMultipart]);
    const noBoundary = await pharmacy.ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      payload: 'rommel',
    });
    expectProblem(noBoundary, 400);
    const { contentType } = multipartBody([]);
    const truncated = await pharmacy.ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { ...auth, 'content-type': contentType },
      payload: `--${contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 half`,
    });
    expectFieldErrors(truncated, 'file', [validation.fileUnreadable]);
  });

  it('refuses an unknown purpose', async () => {
    expectFieldErrors(await upload(oneFile('rol.pdf', samplePdf), { purpose: 'Virus' }), 'purpose', [validation.invalidValue]);
  });
});
