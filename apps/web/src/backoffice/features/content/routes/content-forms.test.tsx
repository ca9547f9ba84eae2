import { backofficeAuthCalls, backofficeContentCalls as calls, contentText, validation } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { typeRichText, withEditorLayout } from '@/testing/rich-text';
import { openStaffPages, staffTestSession } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import ContactAdminRoute from './contact';
import FaqAdminRoute from './faq';
import MemosRoute from './memos';
import ServiceProductsAdminRoute from './service-products';

/*
 * The content screens' forms judge what they send by the contract's own schema before the server does, and a
 * refusal of the server's lands at the field it names, in whatever casing the server wrote it.
 */

beforeEach(() => stubDesktopScreen());
withEditorLayout();

/** Memo's with the new memo's dialog open, its title and text filled in; the server would save it. */
async function openNewMemo() {
  const server = stubRoutes({
    [calls.getMemos.path]: () => jsonResponse([]),
    [calls.getCustomerChoices.path]: () => jsonResponse([]),
    [calls.saveMemo.path]: () => jsonResponse({ id: 4 }),
  });
  const { user } = openStaffPages([{ path: backofficePaths.memos.path, Component: MemosRoute }], backofficePaths.memos.path);
  await user.click(await screen.findByRole('button', { name: 'Nieuwe memo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nieuwe memo' });
  await user.type(await within(dialog).findByRole('textbox', { name: /^Titel/ }), 'Kerst');
  typeRichText(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Gesloten');
  return { server, user, dialog };
}

describe('the memo form', () => {
  it('says an end before the start at the end, and asks the server nothing', async () => {
    const { server, user, dialog } = await openNewMemo();
    await user.clear(within(dialog).getByLabelText(/^Tonen vanaf/));
    await user.type(within(dialog).getByLabelText(/^Tonen vanaf/), '20-12-2026');
    await user.type(within(dialog).getByLabelText(/^Tonen tot en met/), '10-12-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(contentText.untilBeforeFrom)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Tonen tot en met/)).toHaveValue('10-12-2026');
    expect(server.requests(calls.saveMemo.path)).toEqual([]);
  });

  it('says an impossible day at its field in Dutch, and asks the server nothing', async () => {
    const { server, user, dialog } = await openNewMemo();
    await user.type(within(dialog).getByLabelText(/^Tonen tot en met/), '31-02-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(validation.invalidDate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Tonen tot en met/)).toHaveAccessibleDescription(validation.invalidDate);
    expect(server.requests(calls.saveMemo.path)).toEqual([]);
  });
});

describe('the FAQ form', () => {
  it('says a missing answer at the answer, and asks the server nothing', async () => {
    const server = stubRoutes({ [calls.getFaqItems.path]: () => jsonResponse([]), [calls.saveFaqItem.path]: () => jsonResponse({ id: 5 }) });
    const { user } = openStaffPages([{ path: backofficePaths.faq.path, Component: FaqAdminRoute }], backofficePaths.faq.path);
    await user.click(await screen.findByRole('button', { name: 'Nieuwe vraag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe vraag' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Vraag/ }), 'Hoe bestel ik?');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Antwoord/ })).toHaveAccessibleDescription(contentText.textRequired));
    expect(server.requests(calls.saveFaqItem.path)).toEqual([]);
  });

  it('puts the server’s word at the field it names in its own casing, and keeps what was typed', async () => {
    stubRoutes({ [calls.getFaqItems.path]: () => jsonResponse([]), [calls.saveFaqItem.path]: () => problemResponse(400, { Title: [validation.invalidValue] }) });
    const { user } = openStaffPages([{ path: backofficePaths.faq.path, Component: FaqAdminRoute }], backofficePaths.faq.path);
    await user.click(await screen.findByRole('button', { name: 'Nieuwe vraag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe vraag' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Vraag/ }), 'Hoe bestel ik?');
    typeRichText(within(dialog).getByRole('textbox', { name: /^Antwoord/ }), 'Zo');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    const question = within(dialog).getByRole('textbox', { name: /^Vraag/ });
    await waitFor(() => expect(question).toHaveAccessibleDescription(validation.invalidValue));
    expect(question).toHaveValue('Hoe bestel ik?');
    expect(within(dialog).getByRole('textbox', { name: /^Antwoord/ })).toHaveTextContent('Zo');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the contact text', () => {
  it('says an empty text at the field, and asks the server nothing', async () => {
    const server = stubRoutes({ [calls.getContactText.path]: () => jsonResponse({ text: 'Bel ons' }), [calls.saveContactText.path]: () => new Response(null, { status: 204 }) });
    const { user } = openStaffPages([{ path: backofficePaths.contact.path, Component: ContactAdminRoute }], backofficePaths.contact.path);
    const field = await screen.findByRole('textbox', { name: /^Contacttekst/ });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(contentText.textRequired));
    expect(server.requests(calls.saveContactText.path)).toEqual([]);
  });
});

describe('the service product dialog', () => {
  const products = () => ({
    [calls.getServiceProducts.path]: () => jsonResponse([]),
    [calls.saveServiceProduct.path]: () => jsonResponse({ id: 9 }),
    [calls.uploadServiceProductImage.path]: () => problemResponse(400),
    // An upload renews the token first.
    [backofficeAuthCalls.refresh.path]: () => jsonResponse(staffTestSession('Klantenservice')),
  });

  it('says the fields it needs at each of them, and asks the server nothing', async () => {
    const server = stubRoutes(products());
    const { user } = openStaffPages([{ path: backofficePaths.serviceProducts.path, Component: ServiceProductsAdminRoute }], backofficePaths.serviceProducts.path);
    await user.click(await screen.findByRole('button', { name: 'Nieuw serviceproduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw serviceproduct' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Baxterrol');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Artikelcode/ })).toHaveAccessibleDescription(validation.required));
    expect(within(dialog).getByRole('textbox', { name: /^Omschrijving/ })).toHaveAccessibleDescription(validation.required);
    expect(server.requests(calls.saveServiceProduct.path)).toEqual([]);
  });

  it('saves a new product once: when its picture is refused, saving again changes the product just made', async () => {
    const server = stubRoutes(products());
    const { user } = openStaffPages([{ path: backofficePaths.serviceProducts.path, Component: ServiceProductsAdminRoute }], backofficePaths.serviceProducts.path);
    await user.click(await screen.findByRole('button', { name: 'Nieuw serviceproduct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw serviceproduct' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Artikelcode/ }), 'SP-1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Baxterrol');
    await user.type(within(dialog).getByRole('textbox', { name: /^Omschrijving/ }), 'Een rol');
    await user.upload(within(dialog).getByLabelText('Afbeelding kiezen (png of jpeg)'), new File(['x'], 'rol.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Status 400');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveServiceProduct.path)).toHaveLength(2));
    expect(server.requests(calls.saveServiceProduct.path).map((request) => (request.body as { id: number | null }).id)).toEqual([null, 9]);
    expect(within(dialog).getByRole('textbox', { name: /^Naam/ })).toHaveValue('Baxterrol');
  });
});
