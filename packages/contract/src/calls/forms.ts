// The Forms controller of spec section 7: request forms (with the FAQ question and the user details) and the
// imperfection reports of every site, each in a file of its own below forms/.
import { askNonFaqQuestion, getFormPostUserDetails, requestImmediateProduct, requestNewProduct, requestOfflineAssortment, requestPhoto } from './forms/request-forms.js';
import {
  getImperfectionCatalogueOosterwolde,
  reportImperfection,
  reportImperfectionInceptionAlkmaar,
  reportImperfectionInceptionApeldoorn,
  reportImperfectionInceptionOosterwolde,
} from './forms/imperfection-reports.js';
import { getDropdownDataAlkmaar, getDropdownDataApeldoorn } from './forms/imperfection-dropdowns.js';

export * from './forms/request-forms.js';
export * from './forms/imperfection-reports.js';
export * from './forms/imperfection-dropdowns.js';

export const formsCalls = {
  askNonFaqQuestion,
  requestNewProduct,
  requestImmediateProduct,
  requestOfflineAssortment,
  requestPhoto,
  reportImperfection,
  reportImperfectionInceptionOosterwolde,
  getImperfectionCatalogueOosterwolde,
  reportImperfectionInceptionApeldoorn,
  reportImperfectionInceptionAlkmaar,
  getDropdownDataApeldoorn,
  getDropdownDataAlkmaar,
  getFormPostUserDetails,
} as const;
