import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { searchPatients } from './patients.service.js';

/** Patient/SearchPatients: the patient field of the forms. */
export function registerPatientRoutes(app: FastifyInstance) {
  registerCall(app, calls.patient.searchPatients, ({ body, ...work }) => searchPatients(work, body.search), { tenant: true });
}
