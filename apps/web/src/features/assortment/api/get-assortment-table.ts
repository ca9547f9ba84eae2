import { calls } from '@portal/contract';
import { tableQueryOptions } from '@/lib/call-query';

export const getAssortmentTableQueryOptions = tableQueryOptions(['assortment', 'table'], calls.assortment.getDrugTable);
