import { calls, type FormPostUserDetails, type PatientSearchResult, type UploadedFile } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { jsonResponse, stubRoutes, type StubRequest } from '@/testing/fetch-stub';
import { formSupportCalls } from '@/testing/form-server';
import { openRoute } from '@/testing/open-route';

/** A form route as the dashboard shows it, for a logged-in user. */
export function renderForm(Route: ComponentType, path = '/form') {
  return openRoute(Route, path);
}

export const patients: PatientSearchResult[] = [
  { patientId: 41, patientName: 'Maria de Vries', birthDate: '1941-03-07', facility: 'Afdeling Noord' },
  { patientId: 42, patientName: 'Maria Jansen', birthDate: '1938-11-23', facility: 'Afdeling Zuid' },
];

export const filer: FormPostUserDetails = {
  firstName: 'Anouk',
  middleName: 'van',
  lastName: 'Dijk',
  emailAddress: 'anouk@apotheek.example',
  clientCode: 'APO01',
  clientName: 'Apotheek De Linde',
};

export const uploadedRollFile: UploadedFile = {
  fileGuid: '5b1c7a3e-2d4f-4e6a-8b9c-0d1e2f3a4b5c',
  fileName: 'rollen.pdf',
  fileExtension: '.pdf',
  fileType: 'application/pdf',
  size: 9,
};

/** What the server answers to a form it took. */
export const formReceipt = { submissionId: 123, reference: 'AAN-2026-000123' };

/** The server of the forms: who files, the calls every form shares, and the form call itself. */
export function stubFormServer(formPath: string, answer: (request: StubRequest) => Response = () => jsonResponse(formReceipt)) {
  return stubRoutes({
    ...formSupportCalls(patients, uploadedRollFile),
    [calls.forms.getFormPostUserDetails.path]: () => jsonResponse(filer),
    [formPath]: answer,
  });
}

/** Types a whole date or time into a date or time field, as a paste would, and leaves the field (unless `stay`). */
export function typeIntoPicker(name: RegExp | string, text: string, { stay = false } = {}): void {
  const box = screen.getByRole('textbox', { name });
  fireEvent.change(box, { target: { value: text } });
  if (!stay) fireEvent.blur(box);
}
