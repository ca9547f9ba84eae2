import { calls, type PatientSearchResult, type UploadedFile } from '@portal/contract';
import { jsonResponse, type Routes } from './fetch-stub';
import { testSession } from './session';

/**
 * The calls a form with a patient or an upload makes besides its own: the patient search, the token renewal
 * before an upload, and the upload, answered with the test's own patients and file.
 */
export function formSupportCalls(patients: PatientSearchResult[], uploaded: UploadedFile): Routes {
  return {
    [calls.patient.searchPatients.path]: () => jsonResponse(patients),
    [calls.authentication.refreshAccessToken.path]: () =>
      jsonResponse({ ...testSession, accessToken: 'access-renewed', refreshToken: 'refresh-renewed' }),
    [calls.file.uploadFile.path]: () => jsonResponse(uploaded),
  };
}
