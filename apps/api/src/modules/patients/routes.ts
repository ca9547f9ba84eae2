import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { searchPatients } from './patients.service.js';

/** Patient/SearchPatients: the patient field of the forms. */
export function registerPatientRoutes(portal: PortalDoor) {
  portal.call(calls.patient.searchPatients, ({ body, ...work }) => searchPatients(work, body.search));
}
