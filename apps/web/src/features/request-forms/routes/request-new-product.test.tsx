import { calls, feedback, validation } from '@portal/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { submissionTimeout } from '@/lib/api-client';
import { connectionLostText } from '@/lib/form-errors';
import { jsonResponse, problemResponse, stubFetch } from '@/testing/fetch-stub';
import { expectRefused, expectSubmitted } from '@/testing/form-expectations';
import { newProductTexts } from '../components/new-product-form';
import { filer, renderForm, stubFormServer } from '../testing/render-form';
import RequestNewProductRoute from './request-new-product';

const formPath = calls.forms.requestNewProduct.path;
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: newProductTexts.submit });

async function fillIn(user: UserEvent) {
  await user.type(field(/^Naam geneesmiddel/), 'Apixaban');
  await user.type(field(/^Geneesmiddel sterkte/), '2,5 mg');
  await user.type(field(/^Verbruik per week/), '14 tabletten');
  await user.type(field(/^Reden/), 'Nieuwe bewoner met dit middel.');
}

describe('the new product form without a connection', () => {
  afterEach(() => {
    submissionTimeout.ms = 30_000;
  });

  it('says the connection is gone and keeps what was typed when the network fails', async () => {
    stubFetch((request) =>
      request.url.pathname === formPath ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ ...filer }),
    );
    const { user } = renderForm(RequestNewProductRoute);
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText(connectionLostText)).toBeInTheDocument();
    expect(field(/^Naam geneesmiddel/)).toHaveValue('Apixaban');
    expect(field(/^Reden/)).toHaveValue('Nieuwe bewoner met dit middel.');
    expect(submit()).toBeEnabled();
  });

  it('stops waiting after the time a submit may take, says so, and keeps what was typed', async () => {
    submissionTimeout.ms = 60;
    stubFetch((request) =>
      request.url.pathname === formPath
        ? new Promise<Response>((_, reject) => request.signal?.addEventListener('abort', () => reject(request.signal?.reason)))
        : jsonResponse({ ...filer }),
    );
    const { user } = renderForm(RequestNewProductRoute);
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText(connectionLostText)).toBeInTheDocument();
    expect(field(/^Verbruik per week/)).toHaveValue('14 tabletten');
    expect(submit()).toBeEnabled();
  });
});

describe('the new product form', () => {
  it("shows the spec's messages for the required fields; the ZI number and patient count are optional", async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestNewProductRoute);

    await expectRefused(user, submit(), server, formPath, [
      validation.drugNameRequired,
      validation.drugStrengthRequired,
      validation.consumptionRequired,
      validation.reasonRequired,
    ]);
    expect(screen.queryByText(validation.ziNumberRequired)).toBeNull();
    expect(screen.queryByText(validation.amountOfPatientsRequired)).toBeNull();
  });

  it('sends 0 patients when left empty, no ZI number, and starts over', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestNewProductRoute);

    await user.type(field(/^Naam geneesmiddel/), 'Apixaban');
    await user.type(field(/^Geneesmiddel sterkte/), '2,5 mg');
    await user.type(field(/^Verbruik per week/), '14 tabletten');
    await user.type(field(/^Reden/), 'Nieuwe bewoner met dit middel.');
    await user.click(submit());

    await expectSubmitted(server, formPath, feedback.newProductSucceeded, {
      drugName: 'Apixaban',
      drugStrength: '2,5 mg',
      consumptionPerWeek: '14 tabletten',
      amountOfPatients: 0,
      ziNumber: null,
      reason: 'Nieuwe bewoner met dit middel.',
    });
    expect(field(/^Naam geneesmiddel/)).toHaveValue('');
    expect(field(/^Reden/)).toHaveValue('');
  });

  it("sends the patient count and ZI number, and shows the server's field errors", async () => {
    const server = stubFormServer(formPath, () => problemResponse(400, { ziNumber: ['Maximaal 20 tekens'] }));
    const { user } = renderForm(RequestNewProductRoute);

    await user.type(field(/^Naam geneesmiddel/), 'Apixaban');
    await user.type(field(/^Geneesmiddel sterkte/), '5 mg');
    await user.type(field(/^Verbruik per week/), '14');
    await user.type(field(/^Aantal patiënten/), '3a');
    await user.type(field(/^ZI-nummer/), '16123751');
    await user.type(field(/^Reden/), 'Vaker voorgeschreven.');
    await user.click(submit());

    expect(await screen.findByText(feedback.newProductFailed)).toBeInTheDocument();
    expect(server.requests(formPath)[0]?.body).toMatchObject({ amountOfPatients: 3, ziNumber: '16123751' });
    expect(field(/^ZI-nummer/)).toHaveAccessibleDescription('Maximaal 20 tekens');
    expect(field(/^Naam geneesmiddel/)).toHaveValue('Apixaban');
  });
});
