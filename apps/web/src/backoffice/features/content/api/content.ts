import { backofficeContentCalls as calls } from '@portal/contract';
import { staffQueryOptions, staffTransport, useStaffMutation } from '../../../lib/staff-api';

const memosKey = ['content', 'memos'] as const;
const faqKey = ['content', 'faq'] as const;
const contactKey = ['content', 'contact'] as const;
const productsKey = ['content', 'service-products'] as const;

export const memosQueryOptions = () => staffQueryOptions(memosKey, calls.getMemos);
/** Asked afresh whenever a picker or list of them shows: a customer made a moment ago is offered (issue 26.8). */
export const customerChoicesQueryOptions = () => ({ ...staffQueryOptions(['content', 'customer-choices'], calls.getCustomerChoices), staleTime: 0 });
export const useSaveMemo = () => useStaffMutation(calls.saveMemo, () => [memosKey]);
export const useDeleteMemo = () => useStaffMutation(calls.deleteMemo, () => [memosKey]);

export const faqQueryOptions = () => staffQueryOptions(faqKey, calls.getFaqItems);
export const useSaveFaqItem = () => useStaffMutation(calls.saveFaqItem, () => [faqKey]);
export const useMoveFaqItem = () => useStaffMutation(calls.moveFaqItem, () => [faqKey]);
export const useDeleteFaqItem = () => useStaffMutation(calls.deleteFaqItem, () => [faqKey]);

export const contactQueryOptions = () => staffQueryOptions(contactKey, calls.getContactText);
export const useSaveContactText = () => useStaffMutation(calls.saveContactText, () => [contactKey]);

export const serviceProductsQueryOptions = () => staffQueryOptions(productsKey, calls.getServiceProducts);
export const useSaveServiceProduct = () => useStaffMutation(calls.saveServiceProduct, () => [productsKey]);
export const serviceProductsKey = productsKey;

/** A product's picture, its bytes as the body: an upload goes through the transport's upload (token renewed first). */
export const uploadServiceProductPicture = (id: number, file: File) => staffTransport.upload(calls.uploadServiceProductImage, file, { query: { Id: id } });
