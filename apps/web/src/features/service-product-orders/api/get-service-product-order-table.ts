import { calls, tableDefaults, type ServiceProductOrderTableColumn } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

const defaults = tableDefaults.serviceProductOrders;

/** One page of the server's order table: always the spec's 30 rows, newest order first. */
export interface OrderTablePage {
  /** Counts from 1. */
  page: number;
}

function requestOf({ page }: OrderTablePage) {
  return {
    sortBy: defaults.sortBy satisfies ServiceProductOrderTableColumn,
    descending: defaults.descending,
    page,
    rowsPerPage: defaults.rowsPerPage,
    search: '',
  };
}

export const getServiceProductOrderTableQueryOptions = (request: OrderTablePage) =>
  callQueryOptions(['service-product-orders', 'table', request.page], calls.serviceProductOrder.getServiceProductOrderTable, { body: requestOf(request) });

export function useServiceProductOrderTable(request: OrderTablePage) {
  return useQuery({ ...getServiceProductOrderTableQueryOptions(request), placeholderData: keepPreviousData });
}

/** Every cached page of the order list: a new order changes them all. */
export const serviceProductOrderTableKey = ['service-product-orders', 'table'] as const;
