import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { searchPatients } from './patient-search.js';

/** Patient/SearchPatients: the patient field of the forms. */
export function registerPatientRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, calls.patient.searchPatients, async ({ body, request }) =>
    searchPatients(db, authOf(request), { search: body.search, address: request.ip }),
  );
}
