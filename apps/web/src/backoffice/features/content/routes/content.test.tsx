import { backofficeContentCalls as calls, contentText, type FaqAdminItem, type MemoItem } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { typeRichText, withEditorLayout } from '@/testing/rich-text';
import { openStaffPages } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import ContactAdminRoute from './contact';
import FaqAdminRoute from './faq';
import MemosRoute from './memos';

const customers = [
  { id: '6f1c1c8e-1111-4a4a-8a8a-000000000001', code: 'APO-1001', name: 'Apotheek De Linde' },
  { id: '6f1c1c8e-1111-4a4a-8a8a-000000000002', code: 'ZRG-2001', name: 'Zorggroep Het Baken' },
];
const memo: MemoItem = { id: 3, title: 'Onderhoud', text: '<p>Zaterdag</p>', activeFrom: '2026-11-20', activeUntil: null, customerIds: [customers[1]!.id], shownNow: true };
const faq: FaqAdminItem[] = [
  { id: 1, title: 'Hoe bestel ik?', contentHtml: '<p>Zo</p>', isPublished: true },
  { id: 2, title: 'Wanneer komt de levering?', contentHtml: '<p>Dinsdag</p>', isPublished: false },
];
const noContent = () => new Response(null, { status: 204 });

beforeEach(() => stubDesktopScreen());
withEditorLayout();

describe("Memo's", () => {
  it('lists memos with period and audience, and saves a new one for a chosen customer with its period', async () => {
    const server = stubRoutes({
      [calls.getMemos.path]: () => jsonResponse([memo]),
      [calls.getCustomerChoices.path]: () => jsonResponse(customers),
      [calls.saveMemo.path]: () => jsonResponse({ id: 4 }),
    });
    const { user } = openStaffPages([{ path: backofficePaths.memos.path, Component: MemosRoute }], backofficePaths.memos.path);
    const item = (await screen.findByText('Onderhoud')).closest('li')!;
    await waitFor(() => expect(item).toHaveTextContent('Zorggroep Het Baken'));
    expect(item).toHaveTextContent('zonder einde');
    expect(item).toHaveTextContent('Nu zichtbaar');

    await user.click(screen.getByRole('button', { name: 'Nieuwe memo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe memo' });
    // The form's code comes as the dialog opens (a chunk of its own).
    await user.type(await within(dialog).findByRole('textbox', { name: /^Titel/ }), 'Kerst');
    // Vet with nothing chosen writes nothing itself (it once wrote "<strong>vet</strong>"): what is typed next is bold.
    const text = within(dialog).getByRole('textbox', { name: /^Tekst/ });
    const bold = within(dialog).getByRole('button', { name: 'Vet' });
    typeRichText(text, 'De levering van ');
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    expect(text).toHaveTextContent(/^De levering van$/);
    typeRichText(text, 'vrijdag');
    await user.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    typeRichText(text, ' komt later.');
    expect(within(text).getByText('vrijdag', { selector: 'strong' })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Tonen vanaf/));
    // Typed as a Dutch user writes a day, sent as the contract's YYYY-MM-DD.
    await user.type(within(dialog).getByLabelText(/^Tonen vanaf/), '20-12-2026');
    await user.type(within(dialog).getByLabelText(/^Tonen tot en met/), '27-12-2026');
    await user.click(within(dialog).getByRole('radio', { name: 'Gekozen klanten' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Klanten' }));
    await user.click(await screen.findByRole('option', { name: 'Apotheek De Linde (APO-1001)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(server.requests(calls.saveMemo.path)[0]?.body).toEqual({
        id: null,
        title: 'Kerst',
        text: '<p>De levering van <strong>vrijdag</strong> komt later.</p>',
        activeFrom: '2026-12-20',
        activeUntil: '2026-12-27',
        customerIds: [customers[0]!.id],
      }),
    );
    expect(await screen.findByText('De memo "Kerst" is opgeslagen.')).toBeInTheDocument();
  });

  it('shows the server’s word at the field it is about', async () => {
    stubRoutes({
      [calls.getMemos.path]: () => jsonResponse([]),
      [calls.getCustomerChoices.path]: () => jsonResponse(customers),
      [calls.saveMemo.path]: () =>
        jsonResponse({ type: 'about:blank', title: contentText.untilBeforeFrom, status: 400, errors: { activeUntil: [contentText.untilBeforeFrom] } }, 400),
    });
    const { user } = openStaffPages([{ path: backofficePaths.memos.path, Component: MemosRoute }], backofficePaths.memos.path);
    expect(await screen.findByText("Er zijn nog geen memo's.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe memo' }));
    const dialog = await screen.findByRole('dialog');
    // A memo the form itself lets through: the title and text it requires.
    await user.type(await within(dialog).findByRole('textbox', { name: /^Titel/ }), 'Onderhoud');
    typeRichText(within(dialog).getByRole('textbox', { name: /^Tekst/ }), 'Zaterdag');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(contentText.untilBeforeFrom)).toBeInTheDocument();
  });
});

describe('Veelgestelde vragen', () => {
  it('shows drafts as drafts and moves an item up', async () => {
    const server = stubRoutes({ [calls.getFaqItems.path]: () => jsonResponse(faq), [calls.moveFaqItem.path]: noContent });
    const { user } = openStaffPages([{ path: backofficePaths.faq.path, Component: FaqAdminRoute }], backofficePaths.faq.path);
    expect((await screen.findByText('Wanneer komt de levering?')).closest('li')).toHaveTextContent('Concept');
    expect(screen.getByRole('button', { name: 'Hoe bestel ik? omhoog' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Wanneer komt de levering? omhoog' }));
    await waitFor(() => expect(server.requests(calls.moveFaqItem.path)[0]?.body).toEqual({ id: 2, direction: 'up' }));
  });
});

describe('Contacttekst', () => {
  it('shows the text as the customer will see it, and saves it', async () => {
    const server = stubRoutes({ [calls.getContactText.path]: () => jsonResponse({ text: 'Bel ons' }), [calls.saveContactText.path]: noContent });
    const { user } = openStaffPages([{ path: backofficePaths.contact.path, Component: ContactAdminRoute }], backofficePaths.contact.path);
    const field = await screen.findByRole('textbox', { name: /^Contacttekst/ });
    await user.clear(field);
    await user.type(field, 'Bel 030 123 45 67');
    expect(screen.getByLabelText('Voorbeeld')).toHaveTextContent('Bel 030 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveContactText.path)[0]?.body).toEqual({ text: 'Bel 030 123 45 67' }));
  });
});
