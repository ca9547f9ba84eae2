import type { PatientSearchResult, UploadedFile } from '@portal/contract';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/fetch-stub';
import { formSupportCalls } from '@/testing/form-server';

export const patients: PatientSearchResult[] = [
  { patientId: 41, patientName: 'Bakker, Hendrika', birthDate: '1939-05-14', facility: 'Afdeling Linde' },
  { patientId: 42, patientName: 'Bakker, Jan', birthDate: '1944-09-02', facility: 'Afdeling Eik' },
];

export const uploadedPhoto: UploadedFile = {
  fileGuid: '7c1e2a8b-4d5f-4e6a-9b0c-1d2e3f4a5b6c',
  fileName: 'zakje.png',
  fileExtension: '.png',
  fileType: 'image/png',
  size: 4,
};

/** The server a report form talks to: its own calls (`routes`, by path), and the calls every form shares. */
export function stubReportServer(routes: Routes) {
  return stubRoutes({ ...formSupportCalls(patients, uploadedPhoto), ...routes });
}

/** The server took the report: its receipt. */
export const noContent = () => jsonResponse({ submissionId: 124, reference: 'MEL-2026-000124' });

/** Types part of a name, waits for the search (after its pause of a second) and picks the patient. */
export async function choosePatient(user: UserEvent, patientName: string): Promise<void> {
  await user.type(screen.getByRole('combobox', { name: /^Patiënt/ }), patientName.slice(0, 4));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${patientName}`) }, { timeout: 4000 }));
}

/** Chooses a photo for the report's upload field. */
export async function choosePhoto(user: UserEvent, file = new File(['\x89PNG'], 'zakje.png', { type: 'image/png' })) {
  await user.upload(screen.getByTestId('file-upload-input-Photo'), file);
  await screen.findByText(`${file.name} is geüpload`);
}
