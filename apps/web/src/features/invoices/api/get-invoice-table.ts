import { calls } from '@portal/contract';
import { tableQueryOptions } from '@/lib/call-query';

export const getInvoiceTableQueryOptions = tableQueryOptions(['invoices', 'table'], calls.invoice.getInvoiceTable);
