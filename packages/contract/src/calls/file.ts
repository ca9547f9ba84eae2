import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';

/** What an upload is for; it decides which file types are accepted. */
/** What an upload is for: a roll file, a photo of a bag, or a file of an item's thread (an answer or a reply). */
export const uploadPurpose = z.enum(['RollFile', 'Photo', 'Attachment'], { error: v.invalidValue });
export type UploadPurpose = z.infer<typeof uploadPurpose>;

/** The accepted file types per purpose (the server decides by the file's bytes, the browser by these). */
export const uploadAllowedTypes = {
  RollFile: {
    extensions: ['.txt', '.pdf', '.rtf', '.doc', '.docx'],
    mimeTypes: [
      'text/plain',
      'application/pdf',
      'application/rtf',
      'text/rtf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  },
  Photo: {
    extensions: ['.jpg', '.jpeg', '.png'],
    mimeTypes: ['image/jpeg', 'image/png'],
  },
  /** what a roll file or a photo may be */
  Attachment: {
    extensions: ['.pdf', '.jpg', '.jpeg', '.png', '.txt', '.rtf', '.doc', '.docx'],
    mimeTypes: [
      'application/pdf',
      'image/jpeg',
      'image/png',
      'text/plain',
      'application/rtf',
      'text/rtf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  },
} as const satisfies Record<UploadPurpose, { extensions: readonly string[]; mimeTypes: readonly string[] }>;

export const uploadFileQuery = z.object({
  /**
   * Ours, beyond the spec (whose call has none): without it the file's bytes decide which allow-list it is on,
   * and the form that uses the upload checks that it fits.
   */
  purpose: uploadPurpose.optional(),
});

export const uploadedFile = z.object({
  /** The server id of the file, sent back as `fileGuid` or `imageGuid`. */
  fileGuid: z.uuid(),
  fileName: z.string(),
  /** e.g. `.pdf` */
  fileExtension: z.string(),
  /** The media type as detected from the file's bytes, e.g. `application/pdf`. */
  fileType: z.string(),
  /** In bytes. */
  size: z.int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileCalls = controller('File', {
  uploadFile: {
    method: 'POST',
    multipart: true,
    query: uploadFileQuery,
    response: uploadedFile,
    extraStatuses: [413],
    summary: 'Upload one file (multipart field `file`, at most 20 MB); 413 when it is larger.',
  },
});
