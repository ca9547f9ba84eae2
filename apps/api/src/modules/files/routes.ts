import multipart from '@fastify/multipart';
import { calls, validation } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { fieldError } from '../../lib/problems.js';
import { uploadFile } from './files.service.js';

export interface FileDeps {
  /** UPLOAD_MAX_BYTES: larger files answer 413 */
  maxBytes: number;
}

/**
 * File/UploadFile. Multipart parsing lives in this module's own scope: no other route accepts multipart.
 * The bearer token is checked (onRequest) before anything of the body is read; the content type is checked
 * next (preParsing), so that a JSON or empty body is a Dutch 400 rather than a framework error.
 */
export async function registerFileRoutes(portal: PortalDoor, deps: FileDeps) {
  await portal.scope.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 2 } });
    scope.addHook('preParsing', async (request) => {
      const type = request.headers['content-type'];
      if (typeof type !== 'string' || !/^multipart\/form-data\s*;/i.test(type)) {
        throw fieldError('file', validation.uploadNotMultipart);
      }
    });

    portal.admitted(
      calls.file.uploadFile,
      ({ query, request }) => uploadFile(portal.scope.tenantWork, request, { purpose: query.purpose, maxBytes: deps.maxBytes }),
      { scope },
    );
  });
}
