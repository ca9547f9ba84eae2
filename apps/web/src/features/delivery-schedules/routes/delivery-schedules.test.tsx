import { calls, feedback } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/render-routes';
import { logIn } from '@/testing/session';
import DeliverySchedulesRoute from './delivery-schedules';

describe('the delivery schedules page', () => {
  it('notes the holiday schedules and asks for 100 rows by department', async () => {
    const server = stubFetch(() => jsonResponse({ total: 0, items: [] }));
    logIn();
    renderRoutes([{ path: '/calendar', Component: DeliverySchedulesRoute }], '/calendar');

    expect(screen.getByText(/rond feestdagen gelden afwijkende leveringsafspraken/)).toBeInTheDocument();
    expect(await screen.findByText(feedback.emptyCalendar)).toBeInTheDocument();
    expect(server.requests(calls.deliverySchedule.getOrderFulfillmentSchedulesTable.path)[0]?.body).toEqual({
      sortBy: 'facility',
      descending: false,
      page: 1,
      rowsPerPage: 100,
      search: '',
    });
  });
});
