import { calls, feedback, validation } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problemResponse } from '@/testing/fetch-stub';
import { expectRefused, expectSubmitted, findFieldMessage, getFieldMessage, queryFieldMessage } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import { chooseOption, fieldOf, typeDate } from '../testing/form-helpers';
import { choosePatient, choosePhoto, noContent, stubReportServer, uploadedPhoto } from '../testing/report-server';
import ReportImperfectionRoute from './report-imperfection';

/** Puts a text in a field as one input, as a paste does: typing it key by key made the file slow on a busy machine. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const reportPath = calls.forms.reportImperfection.path;
const stubServer = (report: () => Response = noContent) => stubReportServer({ [reportPath]: report });

const path = '/forms/reportImperfection';
const renderForm = () => openRoute(ReportImperfectionRoute, path);
const submit = () => screen.getByRole('button', { name: 'Klacht indienen' });

describe('the basic imperfection form', () => {
  it('requires every field of the spec, in its words', async () => {
    const server = stubServer();
    const { user } = renderForm();

    await expectRefused(user, submit(), server, reportPath, [
      validation.discovererRequired,
      validation.complaintTypeRequired,
      validation.patientRequired,
      validation.departmentRequired,
      validation.drugNameRequired,
      validation.strengthRequired,
      validation.amountRequired,
      validation.additionalInformationRequired,
      validation.takenActionsRequired,
    ]);
    // The feedback option: 'Dit veld is verplicht' under the choice.
    expect(screen.getByRole('radiogroup', { name: /^Terugkoppeling via/ }).closest('fieldset')).toHaveTextContent(validation.required);
  });

  it('reveals an e-mail field for Email and a text field for Phone, each required', async () => {
    stubServer();
    const { user } = renderForm();

    expect(screen.queryByRole('textbox', { name: /^E-mailadres/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    const email = fieldOf(/^E-mailadres/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await enter(user, email, 'niet-een-adres');
    await user.click(submit());
    expect(await findFieldMessage(validation.invalidEmail)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Telefoon' }));
    expect(screen.queryByRole('textbox', { name: /^E-mailadres/ })).not.toBeInTheDocument();
    const phone = fieldOf(/^Telefoonnummer/);
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveValue('');
    await user.click(submit());
    await waitFor(() => expect(phone).toHaveAccessibleDescription(validation.required));
  });

  it('sends the report with the department of the patient and the photo, then empties the form', async () => {
    const server = stubServer();
    const { user } = renderForm();

    await chooseOption(user, /^Ontdekker/, 'Verpleegkundig personeel');
    await chooseOption(user, /^Klachttype/, 'Zakje beschadigd');
    await choosePatient(user, 'Bakker, Jan');
    expect(fieldOf(/^Afdeling/)).toHaveValue('Afdeling Eik');
    await typeDate(user, /^Slikdatum/, '02112026');
    await enter(user, fieldOf(/^Naam geneesmiddel/), 'Metoprolol');
    await enter(user, fieldOf(/^Sterkte/), '50 mg');
    await user.type(fieldOf(/^Aantal/), '1');
    await enter(user, fieldOf(/^Extra informatie/), 'Het zakje was gescheurd.');
    await enter(user, fieldOf(/^Ondernomen acties/), 'Tablet uit voorraad gegeven.');
    await choosePhoto(user);
    await user.click(screen.getByRole('radio', { name: 'Telefoon' }));
    await enter(user, fieldOf(/^Telefoonnummer/), '0512 123 456');
    await user.click(submit());

    await expectSubmitted(server, reportPath, feedback.complaintSucceeded, {
      imperfectionLocation: 'Institution',
      imperfectionType: 'DamagedBag',
      patientId: 42,
      department: 'Afdeling Eik',
      swallowDate: '2026-11-02',
      drugName: 'Metoprolol',
      drugStrength: '50 mg',
      drugAmount: '1',
      generalAdditionalInformation: 'Het zakje was gescheurd.',
      takenActions: 'Tablet uit voorraad gegeven.',
      imageGuid: uploadedPhoto.fileGuid,
      feedBackOption: 'Phone',
      contactInfo: '0512 123 456',
    });
    expect(fieldOf(/^Naam geneesmiddel/)).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: /^Telefoonnummer/ })).not.toBeInTheDocument();
  });

  it("shows the server's field errors under their fields (prefix and case tolerated) and clears one on blur", async () => {
    stubServer(() =>
      problemResponse(400, {
        '$.PatientId': [validation.patientUnknown],
        'request.drugName': ['Maximaal 200 tekens'],
      }),
    );
    const { user } = renderForm();

    await chooseOption(user, /^Ontdekker/, 'Apotheek');
    await chooseOption(user, /^Klachttype/, 'Te laat geleverd');
    await choosePatient(user, 'Bakker, Jan');
    for (const [field, text] of [
      [/^Naam geneesmiddel/, 'Paracetamol'],
      [/^Sterkte/, '500 mg'],
      [/^Aantal/, '2'],
      [/^Extra informatie/, 'Later dan afgesproken.'],
      [/^Ondernomen acties/, 'Geen.'],
    ] as const) {
      await enter(user, fieldOf(field), text);
    }
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await enter(user, fieldOf(/^E-mailadres/), 'kwaliteit@apotheek.example');
    await user.click(submit());

    expect(await screen.findByText(feedback.complaintFailed)).toBeInTheDocument();
    expect(getFieldMessage(validation.patientUnknown)).toBeInTheDocument();
    expect(fieldOf(/^Naam geneesmiddel/)).toHaveAccessibleDescription('Maximaal 200 tekens');
    await user.click(fieldOf(/^Naam geneesmiddel/));
    await user.tab();
    await waitFor(() => expect(queryFieldMessage('Maximaal 200 tekens')).not.toBeInTheDocument());
    expect(getFieldMessage(validation.patientUnknown)).toBeInTheDocument();
    expect(fieldOf(/^Naam geneesmiddel/)).toHaveValue('Paracetamol');
  });

  it('holds the submit while the report is sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubServer(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    const { user } = renderForm();

    await chooseOption(user, /^Ontdekker/, 'Patient');
    await chooseOption(user, /^Klachttype/, 'Niet geleverd');
    await choosePatient(user, 'Bakker, Jan');
    for (const field of [/^Naam geneesmiddel/, /^Sterkte/, /^Aantal/, /^Extra informatie/, /^Ondernomen acties/]) {
      await user.type(fieldOf(field), 'x');
    }
    await user.click(screen.getByRole('radio', { name: 'Telefoon' }));
    await enter(user, fieldOf(/^Telefoonnummer/), '0612345678');
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    answer(noContent());
    expect(await screen.findByText(feedback.complaintSucceeded)).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
