import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { calls, validation } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { fieldError } from '../../lib/problems.js';
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
      const file = await receiveOneFile(request, deps.maxBytes);
      return storeUpload(deps.db, claims, { purpose: query.purpose, file, address: request.ip });
    });
  });
}
