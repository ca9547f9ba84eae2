import { calls, feedback, validation } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { problemResponse } from '@/testing/fetch-stub';
import { expectSubmitted } from '@/testing/form-expectations';
import { offlineAssortmentTexts } from '../components/offline-assortment-form';
import { renderForm, stubFormServer } from '../testing/render-form';
import RequestOfflineAssortmentRoute from './request-offline-assortment';

const formPath = calls.forms.requestOfflineAssortment.path;
const submit = () => screen.getByRole('button', { name: offlineAssortmentTexts.submit });
const box = (name: string) => screen.getByRole('checkbox', { name });

describe('the offline assortment form', () => {
  it('asks for at least one form and sends nothing until one is ticked', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestOfflineAssortmentRoute);

    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(validation.offlineFormsNoneChosen);
    expect(box(offlineAssortmentTexts.newDepartment)).toHaveAccessibleDescription(validation.offlineFormsNoneChosen);
    expect(server.requests(formPath)).toHaveLength(0);

    await user.click(box(offlineAssortmentTexts.medicationSet));
    expect(screen.queryByText(validation.offlineFormsNoneChosen)).toBeNull();
  });

  it('sends the ticked forms (cureSet is not offered) and starts over', async () => {
    const server = stubFormServer(formPath);
    const { user } = renderForm(RequestOfflineAssortmentRoute);

    await user.click(box(offlineAssortmentTexts.newDepartment));
    await user.click(box(offlineAssortmentTexts.medicationSet));
    await user.click(submit());

    await expectSubmitted(server, formPath, feedback.offlineFormsSucceeded, { newDepartment: true, cureSet: false, medicationSet: true });
    expect(box(offlineAssortmentTexts.newDepartment)).not.toBeChecked();
    expect(box(offlineAssortmentTexts.medicationSet)).not.toBeChecked();
  });

  it("shows the failure and the server's message for the group", async () => {
    stubFormServer(formPath, () => problemResponse(400, { newDepartment: [validation.offlineFormsNoneChosen] }));
    const { user } = renderForm(RequestOfflineAssortmentRoute);

    await user.click(box(offlineAssortmentTexts.newDepartment));
    await user.click(submit());
    expect(await screen.findByText(feedback.offlineFormsFailed)).toBeInTheDocument();
    expect(screen.getByText(validation.offlineFormsNoneChosen)).toBeInTheDocument();
    expect(box(offlineAssortmentTexts.newDepartment)).toBeChecked();
  });
});
