import { calls, type AssortmentRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import AssortmentRoute from './assortment';

const product = (longName: string, splitDescription: string): AssortmentRow => ({
  longName,
  ziNumber: '14231011',
  gpk: '12345',
  hpk: '67890',
  dtaDescription: 'wit, rond, breukstreep',
  splitDescription,
  packaging: 'Doordrukstrip',
});

describe('the assortment page', () => {
  it('shows Kan gehalveerd as Ja or Nee, sorted by name by default, with a search box', async () => {
    const server = stubFetch(() =>
      jsonResponse({
        total: 2,
        items: [product('Metoprolol 50 mg tablet', 'Deelbaar'), product('Omeprazol 20 mg capsule', 'ERROR: capsule')],
      }),
    );
    logIn();
    renderRoutes([{ path: '/products', Component: AssortmentRoute }], '/products');

    const table = await screen.findByRole('table', { name: 'Producten' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Naam', 'ZI-nummer', 'GPK', 'HPK', 'Uiterlijk', 'Kan gehalveerd', 'Primaire verpakking']);
    const metoprolol = (await within(table).findByRole('cell', { name: 'Metoprolol 50 mg tablet' })).closest('tr')!;
    const omeprazol = within(table).getByRole('cell', { name: 'Omeprazol 20 mg capsule' }).closest('tr')!;
    expect(within(metoprolol).getAllByRole('cell')[5]).toHaveTextContent('Ja');
    expect(within(omeprazol).getAllByRole('cell')[5]).toHaveTextContent('Nee');
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toBeInTheDocument();
    expect(server.requests(calls.assortment.getDrugTable.path)[0]?.body).toMatchObject({ sortBy: 'longName', descending: false, rowsPerPage: 20 });
  });
});

describe('the assortment page against a server of the spec (not ours)', () => {
  it('shows codes sent as numbers, ignores fields it does not know, and keeps the other rows when one row is odd', async () => {
    stubFetch(() =>
      jsonResponse({
        total: 2,
        items: [
          { longName: 'Metoprolol 50 mg tablet', ziNumber: 14231011, gpk: 12345, hpk: 67890, dtaDescription: 'wit', splitDescription: 'Deelbaar', packaging: 'Strip', extra: { x: 1 } },
          { longName: 'Omeprazol 20 mg capsule', ziNumber: '15012345', gpk: null, hpk: '4411', splitDescription: 'ERROR' },
        ],
      }),
    );
    logIn();
    renderRoutes([{ path: '/products', Component: AssortmentRoute }], '/products');

    const table = await screen.findByRole('table', { name: 'Producten' });
    const metoprolol = (await within(table).findByRole('cell', { name: 'Metoprolol 50 mg tablet' })).closest('tr')!;
    expect(within(metoprolol).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Metoprolol 50 mg tablet',
      '14231011',
      '12345',
      '67890',
      'wit',
      'Ja',
      'Strip',
    ]);
    const omeprazol = within(table).getByRole('cell', { name: 'Omeprazol 20 mg capsule' }).closest('tr')!;
    expect(within(omeprazol).getAllByRole('cell')[3]).toHaveTextContent('4411');
    expect(within(omeprazol).getAllByRole('cell')[5]).toHaveTextContent('Nee');
  });
});
