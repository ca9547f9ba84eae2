import multipart from '@fastify/multipart';
import { backofficeInboxCalls as inbox, uploadLimits, validation, type UploadedFile } from '@portal/contract';
import type { BackofficeDoor } from '../../doors/backoffice.js';
import { uploadedFiles } from '../../db/schema.js';
import { fieldError } from '../../lib/problems.js';
import { judgeUpload, receiveOneFile } from '../files/files.service.js';
import { findItem } from './inbox-items.js';

/**
 * Inbox/UploadAttachment (issue 30.3): a file staff will send with an answer, judged by the customer's upload
 * rules before any transaction, then kept as a file of the item's customer (no account of its own) until the
 * answer ties it. Multipart is parsed in this scope only, after the door's guard.
 */
export function registerAnswerAttachments(door: BackofficeDoor): void {
  void door.scope.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: uploadLimits.maxBytes, files: 2 } });
    scope.addHook('preParsing', async (request) => {
      const type = request.headers['content-type'];
      if (typeof type !== 'string' || !/^multipart\/form-data\s*;/i.test(type)) throw fieldError('file', validation.uploadNotMultipart);
    });
    door.admitted(
      inbox.uploadAttachment,
      async ({ query, request }) => {
        const file = await judgeUpload(await receiveOneFile(request, uploadLimits.maxBytes), 'Attachment');
        return door.act(request, async (work): Promise<UploadedFile> => {
          const item = await findItem(work.tx, work.principal.role, query.ItemKind, query.Id);
          await work.forCustomer(item.customerId);
          const [row] = await work.tx
            .insert(uploadedFiles)
            .values({
              customerId: item.customerId,
              purpose: file.purpose,
              fileName: file.fileName,
              fileExtension: file.fileExtension,
              mediaType: file.mediaType,
              sizeBytes: file.content.length,
              sha256: file.sha256,
              content: file.content,
            })
            .returning({ id: uploadedFiles.id });
          await work.audit({
            action: 'Backoffice.InboxAttachmentUpload',
            customerId: item.customerId,
            // A file for the answer to an item about a patient is that patient's data.
            patientIds: item.patientId === null ? null : [item.patientId],
            objectType: 'UploadedFile',
            objectId: row!.id,
            details: { itemKind: item.itemKind, itemId: item.id, mediaType: file.mediaType, size: file.content.length, sha256: file.sha256 },
          });
          return { fileGuid: row!.id, fileName: file.fileName, fileExtension: file.fileExtension, fileType: file.mediaType, size: file.content.length };
        });
      },
      { scope },
    );
  });
}
