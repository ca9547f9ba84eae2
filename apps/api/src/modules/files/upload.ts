import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { feedback, uploadPurpose, validation, type UploadedFile, type UploadPurpose } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { uploadedFiles } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { fieldError, HttpProblem } from '../../lib/problems.js';
import { cleanFileName, detectType, isAllowed, reencodeImage } from './file-content.js';
import { pdfActiveContent } from './pdf-active-content.js';

/** The one file of an upload request, read whole into memory (at most UPLOAD_MAX_BYTES). */
interface ReceivedFile {
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
 * Judges a received file by its bytes against the purpose's allow-list, re-encodes images, and stores it as
 * the customer's own under a random id, with its audit row, in one transaction.
 */
export async function storeUpload(
  db: Db,
  claims: AccessClaims,
  input: { purpose: UploadPurpose | undefined; file: ReceivedFile; address: string },
): Promise<UploadedFile> {
  const type = await detectType(input.file.bytes);
  // Without a purpose (the spec's call has none) the bytes decide which allow-list the file is on; a form that
  // uses it checks that purpose (lib/submissions.ts), so a PDF never passes as a photo.
  const purpose = input.purpose ?? (type ? uploadPurpose.options.find((candidate) => isAllowed(candidate, type)) : undefined);
  if (!type || !purpose || !isAllowed(purpose, type)) throw fieldError('file', validation.fileTypeNotAllowed);
  if (type.mediaType === 'application/pdf') {
    const active = pdfActiveContent(input.file.bytes);
    if (active === 'unreadable' || active.length > 0) throw fieldError('file', validation.pdfActiveContent);
  }
  const content = type.mediaType.startsWith('image/') ? await reencodeImage(input.file.bytes, type) : input.file.bytes;
  const fileName = cleanFileName(input.file.fileName, type.extension);
  const fileExtension = fileName.slice(fileName.lastIndexOf('.'));
  const sha256 = createHash('sha256').update(content).digest('hex');

  return withTenant(db, claims.clientId, async (tx) => {
    const [row] = await tx
      .insert(uploadedFiles)
      .values({
        clientId: claims.clientId,
        accountId: claims.accountId,
        purpose,
        fileName,
        fileExtension,
        mediaType: type.mediaType,
        sizeBytes: content.length,
        sha256,
        content,
      })
      .returning({ id: uploadedFiles.id });
    const fileGuid = row!.id;
    await writeAudit(tx, {
      action: 'FileUpload',
      outcome: 'Success',
      accountId: claims.accountId,
      clientId: claims.clientId,
      objectType: 'UploadedFile',
      objectId: fileGuid,
      address: input.address,
      details: { purpose, mediaType: type.mediaType, size: content.length, sha256 },
    });
    return { fileGuid, fileName, fileExtension, fileType: type.mediaType, size: content.length };
  });
}
