import { calls, feedback, validation } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problemResponse, stubRoutes, type Handler } from '@/testing/fetch-stub';
import { expectSubmitted } from '@/testing/form-expectations';
import { openRoute } from '@/testing/open-route';
import PharmacistAddRoute from './pharmacist-add';

const path = calls.pharmacist.addPharmacist.path;

const stubAdd = (answer: Handler = () => new Response(null, { status: 204 })) => stubRoutes({ [path]: answer });

const renderAdd = (isAdministrator = true) =>
  openRoute(PharmacistAddRoute, '/pharmacists/add', {
    userInfo: { isAdministrator },
    linked: [{ path: '/pharmacists', element: <p>list page</p> }],
  });

const form = () => screen.getByRole('form', { name: 'Medewerker toevoegen' });
const textbox = (label: string) => within(form()).getByRole('textbox', { name: new RegExp(`^${label}`) });
const submit = () => within(form()).getByRole('button', { name: 'Toevoegen' });

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(textbox(label), value);
}

describe('the add staff account page', () => {
  it('starts empty with Administrator chosen and the submit disabled', async () => {
    stubAdd();
    renderAdd();

    expect(await screen.findByRole('heading', { level: 1, name: 'Medewerker toevoegen' })).toBeInTheDocument();
    for (const label of ['E-mailadres', 'Voornaam', 'Tussenvoegsel', 'Achternaam']) expect(textbox(label)).toHaveValue('');
    const type = within(form()).getByRole('radiogroup', { name: /Accounttype/ });
    expect(within(type).getByRole('radio', { name: 'Administrator' })).toBeChecked();
    expect(within(type).getByRole('radio', { name: 'Medewerker' })).not.toBeChecked();
    await untilSubmitDisabled();
    expect(screen.getByRole('link', { name: 'Terug naar medewerkers' })).toHaveAttribute('href', '/pharmacists');
  });

  it('shows the spec’s messages under empty required fields and keeps the submit disabled while invalid', async () => {
    const server = stubAdd();
    const { user } = renderAdd();
    await screen.findByRole('heading', { level: 1, name: 'Medewerker toevoegen' });

    for (const label of ['E-mailadres', 'Voornaam', 'Tussenvoegsel', 'Achternaam']) await user.click(textbox(label));
    await user.tab();
    expect(await within(form()).findByText(validation.pharmacistEmailRequired)).toBeInTheDocument();
    expect(within(form()).getByText(validation.pharmacistFirstNameRequired)).toBeInTheDocument();
    expect(within(form()).getByText(validation.pharmacistLastNameRequired)).toBeInTheDocument();
    expect(textbox('E-mailadres')).toHaveAccessibleDescription(validation.pharmacistEmailRequired);
    expect(submit()).toBeDisabled();

    await fillIn(user, { 'E-mailadres': 'geen-adres', Voornaam: 'Eva', Achternaam: 'Jansen' });
    expect(await within(form()).findByText(validation.invalidEmail)).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.clear(textbox('Voornaam'));
    await user.type(textbox('Voornaam'), '   ');
    await user.clear(textbox('E-mailadres'));
    await user.type(textbox('E-mailadres'), 'eva@apotheek.example');
    expect(await within(form()).findByText(validation.pharmacistFirstNameRequired)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(server.requests(path)).toHaveLength(0);
  });

  it('adds the account, says so and empties the form', async () => {
    const server = stubAdd();
    const { user } = renderAdd();
    await screen.findByRole('heading', { level: 1, name: 'Medewerker toevoegen' });

    await fillIn(user, { 'E-mailadres': ' eva@apotheek.example ', Voornaam: 'Eva', Tussenvoegsel: 'van', Achternaam: 'Dijk' });
    await user.click(within(form()).getByRole('radio', { name: 'Medewerker' }));
    await untilSubmitEnabled();
    await user.click(submit());

    await expectSubmitted(
      server,
      path,
      feedback.pharmacistAddSucceeded,
      { emailAddress: 'eva@apotheek.example', firstName: 'Eva', middleName: 'van', lastName: 'Dijk', pharmacistType: 'Employee' },
      // An account is no submission to the provider: no receipt.
      { receipt: false },
    );
    expect(textbox('E-mailadres')).toHaveValue('');
    expect(within(form()).getByRole('radio', { name: 'Administrator' })).toBeChecked();
    expect(submit()).toBeDisabled();
  });

  it('sends an empty middle name as absent', async () => {
    const server = stubAdd();
    const { user } = renderAdd();
    await screen.findByRole('heading', { level: 1, name: 'Medewerker toevoegen' });

    await fillIn(user, { 'E-mailadres': 'bas@apotheek.example', Voornaam: 'Bas', Achternaam: 'Smit' });
    await untilSubmitEnabled();
    await user.click(submit());
    await screen.findByText(feedback.pharmacistAddSucceeded);
    expect(server.requests(path)[0]?.body).toMatchObject({ middleName: null, pharmacistType: 'Administrator' });
  });

  it('shows the failure and the server’s field error under its field, keeping what was typed', async () => {
    stubAdd(() => problemResponse(400, { emailAddress: ['Dit e-mailadres is al in gebruik'] }));
    const { user } = renderAdd();
    await screen.findByRole('heading', { level: 1, name: 'Medewerker toevoegen' });

    await fillIn(user, { 'E-mailadres': 'bestaat@apotheek.example', Voornaam: 'Bas', Achternaam: 'Smit' });
    await untilSubmitEnabled();
    await user.click(submit());

    expect(await screen.findByText(feedback.pharmacistAddFailed)).toBeInTheDocument();
    expect(textbox('E-mailadres')).toHaveAccessibleDescription('Dit e-mailadres is al in gebruik');
    expect(textbox('E-mailadres')).toHaveValue('bestaat@apotheek.example');
    expect(textbox('Voornaam')).toHaveValue('Bas');
  });

  it('tells an employee that only administrators manage accounts, without calling the server', async () => {
    const server = stubAdd();
    renderAdd(false);
    expect(await screen.findByText(/Alleen administrators van uw organisatie/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(server.requests()).toHaveLength(0);
  });
});

async function untilSubmitDisabled() {
  await expect.poll(() => submit().hasAttribute('disabled')).toBe(true);
}

async function untilSubmitEnabled() {
  await expect.poll(() => submit().hasAttribute('disabled')).toBe(false);
}
