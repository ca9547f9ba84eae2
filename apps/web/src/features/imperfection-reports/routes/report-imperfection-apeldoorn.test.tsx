import { type ApeldoornDropdownData, calls, delays, deploymentProfilePath, deploymentProfiles, feedback, validation } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath, jsonResponse, problemResponse, stubOutage } from '@/testing/fetch-stub';
import { expectSubmitted, findFieldMessage, getFieldMessage, retryAfterFailure } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import { chooseOption, comboboxOf, fieldOf, optionsOf } from '../testing/form-helpers';
import { holdTimersOf } from '../testing/held-timers';
import { choosePatient, noContent, stubReportServer } from '../testing/report-server';
import ReportImperfectionApeldoornRoute from './report-imperfection-apeldoorn';

/** Choices as the server could give them: the form must show these, not a list of its own. */
const data: ApeldoornDropdownData = {
  feedbackMessage: [
    { value: 'NoFeedbackNecessary', label: 'Geen terugkoppeling nodig' },
    { value: 'Mail', label: 'Per e-mail' },
    { value: 'Telephone', label: 'Per telefoon' },
  ],
  complaintCategories: [
    { value: 'Delivery', label: 'Levering' },
    { value: 'Medication', label: 'Medicatie' },
  ],
  complaintKinds: {
    Assortment: [],
    Delivery: [
      { value: 'CrateNotDelivered', label: 'Krat niet geleverd' },
      { value: 'DeliveryLate', label: 'Levering te laat' },
      { value: 'Other', label: 'Overig' },
    ],
    Medication: [{ value: 'WrongMedication', label: 'Verkeerd geneesmiddel' }],
    MedicationRoll: [],
    ServiceProducts: [],
  },
  additionalInformation: [
    { value: 'PhysicianInformed', label: 'Arts is geïnformeerd' },
    { value: 'ProductKept', label: 'Product is bewaard' },
  ],
  originFaultDiscovered: [
    { value: 'Pharmacy', label: 'Apotheek' },
    { value: 'Nursery', label: 'Verpleging' },
  ],
};

const reportPath = calls.forms.reportImperfectionInceptionApeldoorn.path;
const stubServer = (report: () => Response = noContent) =>
  stubReportServer({ [calls.forms.getDropdownDataApeldoorn.path]: () => jsonResponse(data), [reportPath]: report });

const path = '/forms/reportImperfectionInceptionApeldoorn';
const renderForm = () => openRoute(ReportImperfectionApeldoornRoute, path);
const submit = () => screen.getByRole('button', { name: 'Melding indienen' });
const ready = () => screen.findByRole('combobox', { name: /^Terugkoppeling/ });

describe('the Apeldoorn imperfection form', () => {
  // jsdom does not scroll; the form scrolls to its first error after an invalid submit.
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('names the quality department\'s telephone number and e-mail address in its introduction, as the deployment sets them', async () => {
    stubReportServer({
      [calls.forms.getDropdownDataApeldoorn.path]: () => jsonResponse(data),
      [deploymentProfilePath]: () =>
        jsonResponse({ ...deploymentProfiles.apeldoorn, qualityContact: { phone: '055 123 45 67', email: 'kwaliteit@apeldoorn.test' } }),
    });
    renderForm();
    await ready();
    const phone = await screen.findByRole('link', { name: '055 123 45 67' });
    expect(phone).toHaveAttribute('href', 'tel:0551234567');
    expect(screen.getByRole('link', { name: 'kwaliteit@apeldoorn.test' })).toHaveAttribute('href', 'mailto:kwaliteit@apeldoorn.test');
    expect(phone.closest('p')).toHaveTextContent('Afdeling Kwaliteit: telefoon 055 123 45 67, e-mail kwaliteit@apeldoorn.test.');
  });

  it('shows its loading state, then the choices of the server with no feedback as the default', async () => {
    stubServer();
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent('Keuzelijsten laden…');
    expect(await ready()).toHaveDisplayValue('Geen terugkoppeling nodig');
    expect(fieldOf(/^Contactpersoon/)).not.toBeRequired();
  });

  it('reveals an e-mail or a phone field by the feedback kind, and then requires a contact person', async () => {
    stubServer();
    const { user } = renderForm();
    await ready();

    await chooseOption(user, /^Terugkoppeling/, 'Per e-mail');
    expect(fieldOf(/^E-mailadres voor terugkoppeling/)).toHaveAttribute('type', 'email');
    expect(fieldOf(/^Contactpersoon/)).toBeRequired();
    await user.click(submit());
    expect(await findFieldMessage(validation.contactPersonRequired)).toBeInTheDocument();
    expect(getFieldMessage(validation.complaintOrPhotoRequired)).toBeInTheDocument();

    await chooseOption(user, /^Terugkoppeling/, 'Per telefoon');
    expect(screen.queryByRole('textbox', { name: /^E-mailadres/ })).not.toBeInTheDocument();
    expect(fieldOf(/^Telefoonnummer voor terugkoppeling/)).toHaveAttribute('type', 'tel');
  });

  it('loads the kinds of a chosen category after 100 ms, and reveals the crate fields with 0 crates', async () => {
    stubServer();
    // The watcher's timers wait for the test, not for the clock: on a busy machine 100 ms can pass in one click.
    const watcher = holdTimersOf(delays.categoryWatcherMs);
    const { user } = renderForm();
    await ready();

    await user.click(screen.getByRole('radio', { name: 'Klacht' }));
    expect(comboboxOf(/^Soort klacht/)).toBeDisabled();
    await chooseOption(user, /^Klachtcategorie/, 'Levering');
    expect(watcher.held()).toBe(1);
    expect(comboboxOf(/^Soort klacht/)).toBeDisabled();
    watcher.release();
    await waitFor(() => expect(comboboxOf(/^Soort klacht/)).toBeEnabled());

    expect(optionsOf(/^Soort klacht/)).toEqual(['Krat niet geleverd', 'Levering te laat', 'Overig']);
    await chooseOption(user, /^Soort klacht/, 'Krat niet geleverd');
    expect(fieldOf(/^Aantal kratten/)).toHaveValue('0');
    expect(fieldOf(/^Afdeling van de krat/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Omschrijving/ })).not.toBeInTheDocument();

    await chooseOption(user, /^Soort klacht/, 'Overig');
    expect(screen.queryByRole('textbox', { name: /^Aantal kratten/ })).not.toBeInTheDocument();
    expect(fieldOf(/^Omschrijving/)).toBeInTheDocument();

    // Another category: its own kinds, again after the delay; the chosen kind is cleared.
    await chooseOption(user, /^Klachtcategorie/, 'Medicatie');
    expect(watcher.held()).toBe(1);
    expect(comboboxOf(/^Soort klacht/)).toBeDisabled();
    watcher.release();
    await waitFor(() => expect(comboboxOf(/^Soort klacht/)).toBeEnabled());
    expect(comboboxOf(/^Soort klacht/)).toHaveValue('');
  });

  it('clears the question for a complaint, and the complaint fields for a photo request', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await ready();

    await user.click(screen.getByRole('radio', { name: 'Foto opvraag' }));
    await user.type(fieldOf(/^Toelichting op uw vraag/), 'Graag een foto van het zakje van dinsdag.');
    await user.click(screen.getByRole('radio', { name: 'Klacht' }));
    expect(screen.queryByRole('textbox', { name: /^Toelichting/ })).not.toBeInTheDocument();
    await chooseOption(user, /^Klachtcategorie/, 'Medicatie');
    await waitFor(() => expect(comboboxOf(/^Soort klacht/)).toBeEnabled());
    await chooseOption(user, /^Soort klacht/, 'Verkeerd geneesmiddel');
    await chooseOption(user, /^Waar is de fout ontdekt/, 'Verpleging');
    await user.type(fieldOf(/^Ondernomen acties/), 'Arts gebeld.');

    await user.click(screen.getByRole('radio', { name: 'Foto opvraag' }));
    expect(fieldOf(/^Toelichting op uw vraag/)).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Klacht' }));
    expect(comboboxOf(/^Klachtcategorie/)).toHaveValue('');
    expect(comboboxOf(/^Waar is de fout ontdekt/)).toHaveValue('');
    expect(fieldOf(/^Ondernomen acties/)).toHaveValue('');

    await user.click(submit());
    // Three fields say so, and the summary at the top lists the three.
    await waitFor(() => expect(screen.getAllByText(validation.required).filter((e) => !e.closest('[data-testid="error-summary"]'))).toHaveLength(3));
    expect(within(screen.getByTestId('error-summary')).getAllByRole('button')).toHaveLength(3);
    expect(server.requests(reportPath)).toHaveLength(0);
  });

  it('scrolls to the first field in error 500 ms after an invalid submit', async () => {
    stubServer();
    const scrolled = vi.fn<(this: Element) => void>();
    Element.prototype.scrollIntoView = scrolled;
    const scroll = holdTimersOf(delays.scrollToErrorMs);
    const { user } = renderForm();
    await ready();

    await user.click(submit());
    expect(await findFieldMessage(validation.complaintOrPhotoRequired)).toBeInTheDocument();
    // The scroll waits for its 500 ms timer: nothing moves before it runs.
    expect(scroll.held()).toBe(1);
    expect(scrolled).not.toHaveBeenCalled();
    scroll.release();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toHaveTextContent('Klacht/Foto opvraag');
    expect(screen.getByRole('radio', { name: 'Klacht' })).toHaveFocus();
  });

  it('sends a complaint with only what the form shows, says melding, and starts afresh', async () => {
    const server = stubServer();
    const { user } = renderForm();
    await ready();

    await user.type(fieldOf(/^Apotheek/), 'Apotheek De Linde');
    await user.type(fieldOf(/^Contactpersoon/), 'S. de Vries');
    await chooseOption(user, /^Terugkoppeling/, 'Per e-mail');
    await user.type(fieldOf(/^E-mailadres voor terugkoppeling/), 'kwaliteit@delinde.example');
    await user.click(screen.getByRole('radio', { name: 'Klacht' }));
    await chooseOption(user, /^Klachtcategorie/, 'Levering');
    await waitFor(() => expect(comboboxOf(/^Soort klacht/)).toBeEnabled());
    await chooseOption(user, /^Soort klacht/, 'Krat niet geleverd');
    await user.clear(fieldOf(/^Aantal kratten/));
    await user.type(fieldOf(/^Aantal kratten/), '2');
    await user.type(fieldOf(/^Afdeling van de krat/), 'Afdeling Eik');
    await chooseOption(user, /^Waar is de fout ontdekt/, 'Apotheek');
    await user.click(screen.getByRole('checkbox', { name: 'Arts is geïnformeerd' }));
    await user.click(screen.getByRole('checkbox', { name: 'Product is bewaard' }));
    await choosePatient(user, 'Bakker, Hendrika');
    expect(fieldOf(/^Afdeling$/)).toHaveValue('Afdeling Linde');
    await user.click(submit());

    await expectSubmitted(server, reportPath, feedback.reportSucceeded, {
      departmentName: 'Afdeling Linde',
      patientId: 41,
      dateTimeBag: null,
      feedbackMessage: 'Mail',
      contactPerson: 'S. de Vries',
      emailAddress: 'kwaliteit@delinde.example',
      phoneNumber: null,
      isComplaint: true,
      remarks: null,
      complaintCategory: 'Delivery',
      complaintKind: 'CrateNotDelivered',
      additionalInformation: ['PhysicianInformed', 'ProductKept'],
      crateAmount: 2,
      department: 'Afdeling Eik',
      descriptionOther: null,
      takenActions: null,
      explanationQuestion: null,
      originFaultDiscovered: 'Pharmacy',
      imageGuid: null,
      imageExtension: null,
      imageFileType: null,
      fromPharmacy: 'Apotheek De Linde',
      fromDepartment: null,
    });
    expect(fieldOf(/^Apotheek/)).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: /^Klachtcategorie/ })).not.toBeInTheDocument();
    expect(comboboxOf(/^Terugkoppeling/)).toHaveDisplayValue('Geen terugkoppeling nodig');
  }, 30_000);

  it('says melding when the report fails, and shows the failure of the choices with a retry', async () => {
    const server = stubOutage(answerByPath({ [calls.forms.getDropdownDataApeldoorn.path]: () => jsonResponse(data) }, () => problemResponse(500)));
    const { user } = renderForm();

    await retryAfterFailure(user, server);
    await ready();

    await user.click(screen.getByRole('radio', { name: 'Foto opvraag' }));
    await user.click(submit());
    expect(await screen.findByText(feedback.reportFailed)).toBeInTheDocument();
  });
});
