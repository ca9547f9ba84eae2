import { calls, feedback, specOosterwoldeCatalogue, validation, type OosterwoldeCatalogue } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubOutage } from '@/testing/fetch-stub';
import { expectRefused, expectSubmitted, findFieldMessage, getFieldMessage, queryFieldMessage, retryAfterFailure } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import { chooseOption, comboboxOf, fieldOf, optionsOf, typeDate, typeTime } from '../testing/form-helpers';
import { choosePatient, choosePhoto, noContent, stubReportServer, uploadedPhoto } from '../testing/report-server';
import ReportImperfectionOosterwoldeRoute from './report-imperfection-oosterwolde';

/** A catalogue as the server could give it: the form must follow it, not a list of its own. */
const catalogue: OosterwoldeCatalogue = {
  subjects: [
    {
      name: 'Crate',
      label: 'Krat',
      faults: [{ id: 5, name: 'ReceivedCrateAtWrongLocation', label: 'Krat op verkeerde locatie ontvangen', requiredFields: [] }],
    },
    {
      name: 'Drugs',
      label: 'Geneesmiddelen',
      faults: [
        {
          id: 9,
          name: 'DamagedDrugs',
          label: 'Beschadigde geneesmiddelen',
          requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'],
        },
      ],
    },
    {
      name: 'Bag',
      label: 'Zakje',
      faults: [
        { id: 28, name: 'MissingBag', label: 'Zakje ontbreekt', requiredFields: ['swallowDate', 'batchNumber'] },
        { id: 29, name: 'BadPerforationBag', label: 'Slechte perforatie', requiredFields: ['bagNumber'] },
      ],
    },
  ],
};

const reportPath = calls.forms.reportImperfectionInceptionOosterwolde.path;

function stubServer(report: () => Response = noContent) {
  return stubReportServer({
    [calls.forms.getImperfectionCatalogueOosterwolde.path]: () => jsonResponse(catalogue),
    [reportPath]: report,
  });
}

const path = '/forms/reportImperfectionInceptionOosterwolde';
const renderForm = () => openRoute(ReportImperfectionOosterwoldeRoute, path);
const submit = () => screen.getByRole('button', { name: 'Klacht indienen' });

describe('the Oosterwolde imperfection form', () => {
  it('offers the faults of the chosen subject, from the catalogue the server gave', async () => {
    stubServer();
    const { user } = renderForm();

    const fault = await screen.findByRole('combobox', { name: /^Klachttype/ });
    expect(fault).toBeDisabled();
    await chooseOption(user, /^Wat de klacht is/, 'Zakje');
    expect(comboboxOf(/^Klachttype/)).toBeEnabled();
    expect(optionsOf(/^Klachttype/)).toEqual(['Zakje ontbreekt', 'Slechte perforatie']);
  });

  it('uses the spec’s own catalogue against a server without the catalogue call', async () => {
    stubReportServer({
      [calls.forms.getImperfectionCatalogueOosterwolde.path]: () => problemResponse(404),
      [reportPath]: noContent,
    });
    const { user } = renderForm();

    await screen.findByRole('combobox', { name: /^Wat de klacht is/ });
    await chooseOption(user, /^Wat de klacht is/, 'Rol');
    expect(optionsOf(/^Klachttype/)).toEqual(specOosterwoldeCatalogue.subjects.find((s) => s.name === 'Scroll')!.faults.map((f) => f.label));
  });

  it('requires what every report needs, and only the fields the chosen fault names', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await screen.findByRole('combobox', { name: /^Ontdekker/ });

    await user.clear(fieldOf(/^Batchnummer/));
    await expectRefused(user, submit(), server, reportPath, [
      validation.discovererRequired,
      validation.imperfectionAboutRequired,
      validation.complaintTypeRequired,
      validation.impactRequired,
      validation.departmentRequired,
    ]);
    expect(queryFieldMessage(validation.batchNumberRequired)).not.toBeInTheDocument();

    await chooseOption(user, /^Wat de klacht is/, 'Zakje');
    // A new subject resets the validation.
    expect(queryFieldMessage(validation.discovererRequired)).not.toBeInTheDocument();
    await chooseOption(user, /^Klachttype/, 'Zakje ontbreekt');
    expect(fieldOf(/^Batchnummer/)).toBeRequired();
    expect(fieldOf(/^Nummer zakje/)).not.toBeRequired();
    await user.click(submit());
    expect(await findFieldMessage(validation.batchNumberRequired)).toBeInTheDocument();
    expect(getFieldMessage(validation.swallowDateRequired)).toBeInTheDocument();
    expect(queryFieldMessage(validation.bagNumberRequired)).not.toBeInTheDocument();
    expect(queryFieldMessage(validation.patientRequired)).not.toBeInTheDocument();

    // Another fault: its own list, and the validation starts afresh.
    await chooseOption(user, /^Klachttype/, 'Slechte perforatie');
    expect(queryFieldMessage(validation.batchNumberRequired)).not.toBeInTheDocument();
    expect(fieldOf(/^Nummer zakje/)).toBeRequired();
    expect(fieldOf(/^Batchnummer/)).not.toBeRequired();
    await user.click(submit());
    expect(await findFieldMessage(validation.bagNumberRequired)).toBeInTheDocument();
    expect(queryFieldMessage(validation.batchNumberRequired)).not.toBeInTheDocument();
    expect(server.requests(reportPath)).toHaveLength(0);
  });

  it('sends the report with the patient, the photo and swallow date and time as one moment, then starts afresh with batch number M0', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await screen.findByRole('combobox', { name: /^Ontdekker/ });

    expect(fieldOf(/^Batchnummer/)).toHaveValue('M0');
    await chooseOption(user, /^Ontdekker/, 'Zorgmedewerker');
    await chooseOption(user, /^Wat de klacht is/, 'Zakje');
    await chooseOption(user, /^Klachttype/, 'Zakje ontbreekt');
    await chooseOption(user, /^Impact/, 'Niet ingenomen, geen schade');
    await choosePatient(user, 'Bakker, Hendrika');
    expect(fieldOf(/^Afdeling/)).toHaveValue('Afdeling Linde');
    await user.clear(fieldOf(/^Afdeling/));
    await user.type(fieldOf(/^Afdeling/), 'De Linde');
    await choosePhoto(user);
    await typeDate(user, /^Slikdatum/, '03112026');
    await typeTime(user, /^Sliktijd/, '1730');
    await user.type(fieldOf(/^Aanvullende informatie/), 'Het zakje van 17:30 ontbrak.');
    await user.click(submit());

    await expectSubmitted(server, reportPath, feedback.complaintSucceeded, {
      department: 'De Linde',
      imperfectionLocation: 'Institution',
      imperfectionAbout: 'Bag',
      imperfectionTypeInception: 'MissingBag',
      imperfectionImpact: 'NotUsedNoDamage',
      patientId: 41,
      swallowDate: '2026-11-03T17:30:00',
      drugNameAndStrength: null,
      batchNumber: 'M0',
      bagNumber: null,
      additionalInformation: 'Het zakje van 17:30 ontbrak.',
      takenActions: null,
      imageGuid: uploadedPhoto.fileGuid,
      imageExtension: '.png',
      imageFileType: 'image/png',
    });
    expect(fieldOf(/^Afdeling/)).toHaveValue('');
    expect(comboboxOf(/^Patiënt/)).toHaveValue('');
    expect(queryFieldMessage('zakje.png')).not.toBeInTheDocument();
    expect(fieldOf(/^Batchnummer/)).toHaveValue('M0');
    expect(comboboxOf(/^Klachttype/)).toBeDisabled();
  });

  it("shows the server's field errors under their fields, and clears each when its field loses focus", async () => {
    stubServer(() =>
      problemResponse(400, {
        'request.BatchNumber': [validation.batchNumberRequired],
        department: ['Maximaal 200 tekens'],
      }),
    );
    const { user } = renderForm();
    await screen.findByRole('combobox', { name: /^Ontdekker/ });

    await chooseOption(user, /^Ontdekker/, 'Apotheek');
    await chooseOption(user, /^Wat de klacht is/, 'Krat');
    await chooseOption(user, /^Klachttype/, 'Krat op verkeerde locatie ontvangen');
    await chooseOption(user, /^Impact/, 'Onbekend, geen schade');
    await user.type(fieldOf(/^Afdeling/), 'Noord');
    await user.click(submit());

    expect(await screen.findByText(feedback.complaintFailed)).toBeInTheDocument();
    expect(fieldOf(/^Batchnummer/)).toHaveAccessibleDescription(validation.batchNumberRequired);
    expect(fieldOf(/^Afdeling/)).toHaveAccessibleDescription('Maximaal 200 tekens');

    await user.click(fieldOf(/^Batchnummer/));
    await user.tab();
    await waitFor(() => expect(queryFieldMessage(validation.batchNumberRequired)).not.toBeInTheDocument());
    expect(getFieldMessage('Maximaal 200 tekens')).toBeInTheDocument();
    expect(fieldOf(/^Batchnummer/)).toHaveValue('M0');
  });

  it('says so when the catalogue cannot be fetched, and tries again', async () => {
    const server = stubOutage(() => jsonResponse(catalogue));
    const { user } = renderForm();

    await retryAfterFailure(user, server);
    expect(await screen.findByRole('combobox', { name: /^Ontdekker/ })).toBeInTheDocument();
  });
});
