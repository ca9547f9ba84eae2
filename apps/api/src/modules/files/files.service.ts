import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { feedback, uploadPurpose, validation, type UploadedFile, type UploadPurpose } from '@portal/contract';
import { uploadedFiles } from '../../db/schema.js';
import { fieldError, HttpProblem } from '../../lib/problems.js';
import type { TenantWork, UnitOfWork } from '../../lib/unit-of-work.js';
import { cleanFileName, detectType, isAllowed, reencodeImage } from './file-content.js';
import { pdfActiveContent } from './pdf-active-content.js';

/** The one file of an upload request, read whole into memory (at most UPLOAD_MAX_BYTES). */
export interface ReceivedFile {
  fileName: string | undefined;
  bytes: Buffer;
}

const isMultipartLimitError = (error: unknown): error is { code: string; statusCode: number } =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' &&
  (error as { code: string }).code.startsWith('FST_');

/**
 * Reads the multipart body: exactly one file, in the field `file`; other (text) fields are ignored. A file
 * beyond `maxBytes` answers 413; no file, a second file, a file in another field, an empty file or a body
 * that is not valid multipart answer 400 on the field `file`.
 */
export async function receiveOneFile(request: FastifyRequest, maxBytes: number): Promise<ReceivedFile> {
  let received: ReceivedFile | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 10_000, parts: 12, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (file.fieldname !== 'file' || received) {
        // Read no further: what else was sent does not matter.
        file.file.resume();
        throw fieldError('file', file.fieldname !== 'file' ? validation.fileRequired : validation.fileOnlyOne);
      }
      received = { fileName: file.filename, bytes: await file.toBuffer() };
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    if (isMultipartLimitError(error)) {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpProblem(413, feedback.fileTooLarge);
      if (error.code === 'FST_FILES_LIMIT') throw fieldError('file', validation.fileOnlyOne);
      throw fieldError('file', validation.fileUnreadable);
    }
    // busboy's complaints about a malformed body ("Unexpected end of form", "Malformed part header", …)
    if (error instanceof Error && !('statusCode' in error && Number(error.statusCode) >= 500)) {
      request.log.info({ err: error }, 'upload: unreadable multipart body');
      throw fieldError('file', validation.fileUnreadable);
    }
    throw error;
  }
  if (!received) throw fieldError('file', validation.fileRequired);
  if (received.bytes.length === 0) throw fieldError('file', validation.fileEmpty);
  return received;
}

/**
 * File/UploadFile: receives the one file, judges it by its bytes against the purpose's allow-list, re-encodes
 * images (all before any transaction: a slow sender holds no connection), and stores it as the customer's own
 * under a random id, with its audit row. A refused upload (an executable named .pdf, a 40-megapixel image, …)
 * is worth a trace as well.
 */
export async function uploadFile(
  tenantWork: TenantWork,
  request: FastifyRequest,
  input: { purpose: UploadPurpose | undefined; maxBytes: number },
): Promise<UploadedFile> {
  return tenantWork.refusalsAudited(
    request,
    (problem) => ({
      action: 'FileUpload',
      objectType: 'UploadedFile',
      details: { purpose: input.purpose, status: problem.status, reason: problem.message },
    }),
    async () => {
      const judged = await judgeUpload(await receiveOneFile(request, input.maxBytes), input.purpose);
      return tenantWork.run(request, (work) => storeUpload(work, judged));
    },
  );
}

/** A received file as it will be stored, once judged. */
export interface JudgedFile {
  purpose: UploadPurpose;
  mediaType: string;
  fileName: string;
  fileExtension: string;
  content: Buffer;
  sha256: string;
}

/**
 * The upload rules, whoever uploads (a customer's form, staff's answer, a reply by mail): the file's type by its
 * bytes on the purpose's allow-list, PDFs without active content, images re-encoded without metadata.
 */
export async function judgeUpload(file: ReceivedFile, asked: UploadPurpose | undefined): Promise<JudgedFile> {
  const type = await detectType(file.bytes);
  // Without a purpose (the spec's call has none) the bytes decide which allow-list the file is on; a form that
  // uses it checks that purpose (request-forms/submissions.service.ts), so a PDF never passes as a photo.
  const purpose = asked ?? (type ? uploadPurpose.options.find((candidate) => isAllowed(candidate, type)) : undefined);
  if (!type || !purpose || !isAllowed(purpose, type)) throw fieldError('file', validation.fileTypeNotAllowed);
  if (type.mediaType === 'application/pdf') {
    const active = pdfActiveContent(file.bytes);
    if (active === 'unreadable' || active.length > 0) throw fieldError('file', validation.pdfActiveContent);
  }
  const content = type.mediaType.startsWith('image/') ? await reencodeImage(file.bytes, type) : file.bytes;
  const fileName = cleanFileName(file.fileName, type.extension);
  const fileExtension = fileName.slice(fileName.lastIndexOf('.'));
  const sha256 = createHash('sha256').update(content).digest('hex');
  return { purpose, mediaType: type.mediaType, fileName, fileExtension, content, sha256 };
}

async function storeUpload({ tx, claims, audit }: UnitOfWork, file: JudgedFile): Promise<UploadedFile> {
  const { purpose, mediaType, fileName, fileExtension, content, sha256 } = file;
  const [row] = await tx
    .insert(uploadedFiles)
    .values({
      customerId: claims.customerId,
      accountId: claims.accountId,
      purpose,
      fileName,
      fileExtension,
      mediaType,
      sizeBytes: content.length,
      sha256,
      content,
    })
    .returning({ id: uploadedFiles.id });
  const fileGuid = row!.id;
  await audit({
    action: 'FileUpload',
    objectType: 'UploadedFile',
    objectId: fileGuid,
    details: { purpose, mediaType, size: content.length, sha256 },
  });
  return { fileGuid, fileName, fileExtension, fileType: mediaType, size: content.length };
}
