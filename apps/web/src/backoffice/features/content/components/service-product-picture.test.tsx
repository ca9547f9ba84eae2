import { backofficeAuthCalls, backofficeContentCalls as calls, contentText, type CatalogueItem } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/fetch-stub';
import { stubDesktopScreen } from '@/testing/match-media';
import { stubObjectUrls, type ObjectUrls } from '@/testing/object-urls';
import { openStaffPages, staffTestSession } from '../../../testing/staff-session';
import { backofficePaths } from '../../../paths';
import ServiceProductsAdminRoute from '../routes/service-products';

/*
 * A catalogue picture is seen before it is saved, beside the one the product has; a file the upload rule refuses
 * (not png or jpeg, over 2 MB) is said at once, in the rule's words, and is never sent.
 */

const rol: CatalogueItem = { id: 9, articleCode: 'SP-1', name: 'Baxterrol', description: 'Een rol', price: 12.5, isActive: true, sortOrder: 100, imageUri: '/api/images/9.png' };
let objectUrls: ObjectUrls;

beforeEach(() => {
  stubDesktopScreen();
  objectUrls = stubObjectUrls();
});

function openProduct() {
  const server = stubRoutes({
    [calls.getServiceProducts.path]: () => jsonResponse([rol]),
    [calls.saveServiceProduct.path]: () => jsonResponse({ id: 9 }),
    [calls.uploadServiceProductImage.path]: () => new Response(null, { status: 204 }),
    [backofficeAuthCalls.refresh.path]: () => jsonResponse(staffTestSession('Klantenservice')),
  });
  const pages = openStaffPages([{ path: backofficePaths.serviceProducts.path, Component: ServiceProductsAdminRoute }], backofficePaths.serviceProducts.path);
  return { server, ...pages };
}

const png = (name = 'rol.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('the picture of a service product', () => {
  it('shows the chosen file beside the current picture before saving, and lets the choice go', async () => {
    const { user, server } = openProduct();
    await user.click(await screen.findByRole('button', { name: 'Baxterrol wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baxterrol wijzigen' });
    expect(within(dialog).getByRole('img', { name: 'Huidige afbeelding van Baxterrol' })).toHaveAttribute('src', rol.imageUri);
    expect(within(dialog).queryByRole('img', { name: /^Gekozen afbeelding/ })).not.toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Afbeelding kiezen (png of jpeg)'), png('nieuwe-rol.png'));
    expect(await within(dialog).findByRole('img', { name: 'Gekozen afbeelding nieuwe-rol.png' })).toHaveAttribute('src', objectUrls.urls[0]);
    expect(within(dialog).getByRole('img', { name: 'Huidige afbeelding van Baxterrol' })).toBeInTheDocument();
    expect(within(dialog).getByText('Nieuw: nieuwe-rol.png (na Opslaan)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keuze ongedaan maken' }));
    expect(within(dialog).queryByRole('img', { name: /^Gekozen afbeelding/ })).not.toBeInTheDocument();
    expect(objectUrls.revoked).toEqual(objectUrls.urls);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveServiceProduct.path)).toHaveLength(1));
    expect(server.requests(calls.uploadServiceProductImage.path)).toEqual([]);
  });

  it('says a file the upload rule refuses at once, and shows and sends none of it', async () => {
    const { user, server } = openProduct();
    await user.click(await screen.findByRole('button', { name: 'Baxterrol wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baxterrol wijzigen' });
    const input = within(dialog).getByLabelText('Afbeelding kiezen (png of jpeg)');
    // The file picker offers png and jpeg; "Alle bestanden" still lets another be chosen.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['GIF89a'], 'rol.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(contentText.pictureType);
    expect(within(dialog).queryByRole('img', { name: /^Gekozen afbeelding/ })).not.toBeInTheDocument();

    await user.upload(input, png('precies.png', 2 * 1024 * 1024));
    expect(await within(dialog).findByRole('img', { name: 'Gekozen afbeelding precies.png' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // A refused file after a good one is not kept: the good one is no longer chosen either.
    await user.upload(input, png('groot.png', 2 * 1024 * 1024 + 1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(contentText.pictureType);
    expect(within(dialog).queryByRole('img', { name: /^Gekozen afbeelding/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.requests(calls.saveServiceProduct.path)).toHaveLength(1));
    expect(server.requests(calls.uploadServiceProductImage.path)).toEqual([]);
  });
});
