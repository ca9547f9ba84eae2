import { calls } from '@portal/contract';
import { tableQueryOptions } from '@/lib/call-query';

/** Every cached page of the staff list: adding, changing or removing an account changes them all. */
export const pharmacistTableKey = ['pharmacists', 'table'] as const;

export const getPharmacistTableQueryOptions = tableQueryOptions(pharmacistTableKey, calls.pharmacist.getPharmacistTable);
