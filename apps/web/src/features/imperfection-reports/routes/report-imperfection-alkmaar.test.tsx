import { calls, feedback, validation, type AlkmaarDropdownData } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerByPath, jsonResponse, problemResponse, stubOutage } from '@/testing/fetch-stub';
import { expectRefused, expectSubmitted, findFieldMessage, getFieldMessage, queryFieldMessage, retryAfterFailure } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import { chooseOption, fieldOf, typeDate, typeTime } from '../testing/form-helpers';
import { choosePatient, choosePhoto, noContent, stubReportServer, uploadedPhoto } from '../testing/report-server';
import ReportImperfectionAlkmaarRoute from './report-imperfection-alkmaar';

/** Choices as the server could give them. */
const data: AlkmaarDropdownData = {
  feedbackMessage: [
    { value: 'NoFeedbackNecessary', label: 'Geen terugkoppeling nodig' },
    { value: 'Mail', label: 'Per e-mail' },
    { value: 'Telephone', label: 'Per telefoon' },
  ],
  discovererComplaint: [
    { value: 'Pharmacy', label: 'Apotheek' },
    { value: 'Nursery', label: 'Verpleging' },
  ],
  natureComplaint: [
    { value: 'WrongMedication', label: 'Verkeerd geneesmiddel' },
    { value: 'LateDelivery', label: 'Te late levering' },
    { value: 'Other', label: 'Anders, namelijk' },
  ],
};

const reportPath = calls.forms.reportImperfectionInceptionAlkmaar.path;
const stubServer = (report: () => Response = noContent) =>
  stubReportServer({ [calls.forms.getDropdownDataAlkmaar.path]: () => jsonResponse(data), [reportPath]: report });

const path = '/forms/reportImperfectionInceptionAlkmaar';
const renderForm = () => openRoute(ReportImperfectionAlkmaarRoute, path);
const submit = () => screen.getByRole('button', { name: 'Klacht indienen' });
const ready = () => screen.findByRole('combobox', { name: /^Aard van klacht/ });

describe('the Alkmaar imperfection form', () => {
  it('requires contact person, discoverer, nature and start swallow date', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await ready();

    await expectRefused(user, submit(), server, reportPath, [
      validation.contactPersonRequired,
      validation.discovererComplaintRequired,
      validation.natureComplaintRequired,
      validation.startSwallowDateRequired,
    ]);
    expect(queryFieldMessage(validation.patientRequired)).not.toBeInTheDocument();
  });

  it('makes patient and medicine mandatory for the listed natures of complaint, together with the other messages', async () => {
    stubServer();
    const { user } = renderForm();
    await ready();

    expect(fieldOf(/^Geneesmiddel/)).not.toBeRequired();
    await chooseOption(user, /^Aard van klacht/, 'Verkeerd geneesmiddel');
    expect(fieldOf(/^Geneesmiddel/)).toBeRequired();
    expect(screen.getByRole('combobox', { name: /^Patiënt/ })).toBeRequired();
    await user.click(submit());
    expect(await findFieldMessage(validation.medicineRequired)).toBeInTheDocument();
    expect(getFieldMessage(validation.patientRequired)).toBeInTheDocument();
    expect(getFieldMessage(validation.contactPersonRequired)).toBeInTheDocument();

    await chooseOption(user, /^Aard van klacht/, 'Te late levering');
    await waitFor(() => expect(queryFieldMessage(validation.medicineRequired)).not.toBeInTheDocument());
    expect(queryFieldMessage(validation.patientRequired)).not.toBeInTheDocument();
    expect(fieldOf(/^Geneesmiddel/)).not.toBeRequired();
  }, 30_000);

  it('reveals the description for Anders, and the e-mail or phone field by the feedback kind', async () => {
    stubServer();
    const { user } = renderForm();
    await ready();

    expect(screen.queryByRole('textbox', { name: /^Omschrijving aard van klacht/ })).not.toBeInTheDocument();
    await chooseOption(user, /^Aard van klacht/, 'Anders, namelijk');
    expect(fieldOf(/^Omschrijving aard van klacht/)).toBeInTheDocument();

    expect(screen.queryByRole('textbox', { name: /voor terugkoppeling/ })).not.toBeInTheDocument();
    await chooseOption(user, /^Terugkoppeling/, 'Per telefoon');
    expect(fieldOf(/^Telefoonnummer voor terugkoppeling/)).toHaveAttribute('type', 'tel');
    await chooseOption(user, /^Terugkoppeling/, 'Per e-mail');
    expect(screen.queryByRole('textbox', { name: /^Telefoonnummer/ })).not.toBeInTheDocument();
    await user.type(fieldOf(/^E-mailadres voor terugkoppeling/), 'geen-adres');
    await user.click(submit());
    expect(await findFieldMessage(validation.invalidEmail)).toBeInTheDocument();
  });

  it('sends the report with dates, the 24-hour intake time and the photo, then starts afresh', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await ready();

    await user.type(fieldOf(/^Contactpersoon apotheek/), 'M. Visser');
    await chooseOption(user, /^Ontdekker van klacht/, 'Verpleging');
    await chooseOption(user, /^Aard van klacht/, 'Verkeerd geneesmiddel');
    await choosePatient(user, 'Bakker, Jan');
    expect(fieldOf(/^Afdeling/)).toHaveValue('Afdeling Eik');
    await user.type(fieldOf(/^Geneesmiddel/), 'Omeprazol 20 mg');
    await typeDate(user, /^Startslikdatum/, '09112026');
    await typeDate(user, /^Innamedatum/, '10112026');
    await typeTime(user, /^Innametijd/, '2015');
    await typeDate(user, /^Einddatum rol/, '22112026');
    await user.type(fieldOf(/^Uitgebreide omschrijving/), 'Zakje van 20:15 bevatte een ander middel.');
    await choosePhoto(user);
    await chooseOption(user, /^Terugkoppeling/, 'Per telefoon');
    await user.type(fieldOf(/^Telefoonnummer voor terugkoppeling/), '072 555 0101');
    await user.click(submit());

    await expectSubmitted(server, reportPath, feedback.complaintSucceeded, {
      pharmacyContactPerson: 'M. Visser',
      discovererComplaint: 'Nursery',
      natureComplaint: 'WrongMedication',
      other: null,
      medicine: 'Omeprazol 20 mg',
      department: 'Afdeling Eik',
      patientId: 42,
      startSwallowDate: '2026-11-09',
      intakeDate: '2026-11-10',
      intakeTime: '20:15',
      scrollEndDate: '2026-11-22',
      feedbackMessage: 'Telephone',
      feedbackPhoneNumber: '072 555 0101',
      feedbackEmailAddress: null,
      detailedDescriptionMessage: 'Zakje van 20:15 bevatte een ander middel.',
      actionsTakenImmediately: null,
      imageGuid: uploadedPhoto.fileGuid,
    });
    expect(fieldOf(/^Contactpersoon apotheek/)).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Terugkoppeling/ })).toHaveDisplayValue('Geen terugkoppeling nodig');
  }, 30_000);

  it('shows the failure of the choices with a retry, and the failure of a report', async () => {
    const server = stubOutage(answerByPath({ [calls.forms.getDropdownDataAlkmaar.path]: () => jsonResponse(data) }, () => problemResponse(500)));
    const { user } = renderForm();

    await retryAfterFailure(user, server);
    await ready();

    await user.type(fieldOf(/^Contactpersoon apotheek/), 'M. Visser');
    await chooseOption(user, /^Ontdekker van klacht/, 'Apotheek');
    await chooseOption(user, /^Aard van klacht/, 'Te late levering');
    await typeDate(user, /^Startslikdatum/, '09112026');
    await user.click(submit());
    expect(await screen.findByText(feedback.complaintFailed)).toBeInTheDocument();
    expect(fieldOf(/^Contactpersoon apotheek/)).toHaveValue('M. Visser');
  });
});
