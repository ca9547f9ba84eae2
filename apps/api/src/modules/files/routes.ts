import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { calls, validation } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { writeAudit } from '../../lib/audit.js';
import { fieldError, HttpProblem } from '../../lib/problems.js';
import { receiveOneFile, storeUpload } from './upload.js';

export interface FileDeps {
  db: Db;
  /** UPLOAD_MAX_BYTES: larger files answer 413 */
  maxBytes: number;
}

/**
 * File/UploadFile. Multipart parsing lives in this module's own scope: no other route accepts multipart.
 * The bearer token is checked (onRequest) before anything of the body is read; the content type is checked
 * next (preParsing), so that a JSON or empty body is a Dutch 400 rather than a framework error.
 */
export async function registerFileRoutes(app: FastifyInstance, deps: FileDeps) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.maxBytes, files: 2 } });
    scope.addHook('preParsing', async (request) => {
      const type = request.headers['content-type'];
      if (typeof type !== 'string' || !/^multipart\/form-data\s*;/i.test(type)) {
        throw fieldError('file', validation.uploadNotMultipart);
      }
    });

    registerCall(scope, calls.file.uploadFile, async ({ query, request }) => {
      const claims = authOf(request);
      try {
        const file = await receiveOneFile(request, deps.maxBytes);
        return await storeUpload(deps.db, claims, { purpose: query.purpose, file, address: request.ip });
      } catch (error) {
        // A refused upload (an executable named .pdf, a 40-megapixel image, …) is worth a trace as well.
        if (error instanceof HttpProblem) {
          await writeAudit(deps.db, {
            action: 'FileUpload',
            outcome: 'Failure',
            accountId: claims.accountId,
            clientId: claims.clientId,
            objectType: 'UploadedFile',
            address: request.ip,
            details: { purpose: query.purpose, status: error.status, reason: error.message },
          });
        }
        throw error;
      }
    });
  });
}
