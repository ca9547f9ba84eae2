// The product's Forms controller: request forms (with the FAQ question and the user details) and the
// imperfection reports of every site, each in a file of its own below forms/.
import { requestFormCalls } from './forms/request-forms.js';
import { imperfectionReportCalls } from './forms/imperfection-reports.js';
import { imperfectionDropdownCalls } from './forms/imperfection-dropdowns.js';

export * from './forms/request-forms.js';
export * from './forms/imperfection-reports.js';
export * from './forms/imperfection-dropdowns.js';

// The user details call is listed last, as the product's calls lists it.
const { getFormPostUserDetails, ...requestForms } = requestFormCalls;

export const formsCalls = {
  ...requestForms,
  ...imperfectionReportCalls,
  ...imperfectionDropdownCalls,
  getFormPostUserDetails,
} as const;
