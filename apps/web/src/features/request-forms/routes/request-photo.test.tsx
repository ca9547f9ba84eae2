import { calls, feedback, validation } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problemResponse } from '@/testing/fetch-stub';
import { expectSubmitted } from '@/testing/form-expectations';
import { photoRequestTexts } from '../components/photo-request-form';
import { renderForm, stubFormServer, typeIntoPicker } from '../testing/render-form';
import RequestPhotoRoute from './request-photo';

const formPath = calls.forms.requestPhoto.path;
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: photoRequestTexts.submit });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: /^Patiënt/ }), 'Maria');
  await user.click(await screen.findByRole('option', { name: /Maria de Vries/ }, { timeout: 10_000 }));
  typeIntoPicker(/^Datum/, '14-07-2026');
  typeIntoPicker(/^Tijd/, '17:30');
  await user.type(field(/^Naam medicijn/), 'Metoprolol 50 mg');
  await user.type(field(/^Reden aanvraag/), 'Tablet lijkt te ontbreken in het zakje van 17:30.');
}

describe('the photo request form', () => {
  it('keeps submit disabled while invalid and shows the messages of fields left', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestPhotoRoute);

    expect(screen.getByText(photoRequestTexts.recommendation)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    for (const name of [/^Afdeling/, /^Datum/, /^Tijd/, /^Naam medicijn/, /^Reden aanvraag/]) {
      await user.click(field(name));
    }
    await user.click(screen.getByRole('combobox', { name: /^Patiënt/ }));
    await user.tab();
    for (const message of [
      validation.departmentRequired,
      validation.dateRequired,
      validation.timeRequired,
      validation.medicineNameRequired,
      validation.reasonOfRequestRequired,
      validation.patientRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(submit()).toBeDisabled();
    expect(server.requests(formPath)).toHaveLength(0);
  });

  it('calls an impossible date invalid, also while the time is still empty', async () => {
    stubFormServer(formPath);
    const { user } = renderForm(RequestPhotoRoute);
    typeIntoPicker(/^Datum/, '31-02-2026');
    await user.click(field(/^Naam medicijn/));
    expect(await screen.findByText(validation.invalidDate)).toBeInTheDocument();
    expect(screen.queryByText(validation.dateRequired)).not.toBeInTheDocument();
  });

  it('sends Male, the birth date of the chosen patient and the 24-hour moment, then starts over', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestPhotoRoute);

    await fillIn(user);
    expect(field(/^Afdeling/)).toHaveValue('Afdeling Noord');
    expect(field(/^Tijd/)).toHaveValue('17:30');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await expectSubmitted(server, formPath, feedback.photoRequestSucceeded, {
      patientGender: 'Male',
      patientId: 41,
      patientBirthDate: '1941-03-07',
      department: 'Afdeling Noord',
      swallowDateTime: '2026-07-14T17:30:00',
      drugName: 'Metoprolol 50 mg',
      reasonOfRequest: 'Tablet lijkt te ontbreken in het zakje van 17:30.',
    });
    expect(screen.getByRole('combobox', { name: /^Patiënt/ })).toHaveValue('');
    expect(field(/^Datum/)).toHaveValue('');
    expect(field(/^Tijd/)).toHaveValue('');
    expect(field(/^Naam medicijn/)).toHaveValue('');
    expect(submit()).toBeDisabled();
  });

  it("says so when it failed, with the server's field errors, and keeps the input", async () => {
    stubFormServer(formPath, () => problemResponse(400, { swallowDateTime: [validation.invalidDate] }));
    const { user } = renderForm(RequestPhotoRoute);

    await fillIn(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText(feedback.photoRequestFailed)).toBeInTheDocument();
    expect(field(/^Datum/)).toHaveAccessibleDescription(validation.invalidDate);
    expect(field(/^Naam medicijn/)).toHaveValue('Metoprolol 50 mg');
  });
});
