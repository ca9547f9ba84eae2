// The Forms controller of spec section 7: request forms (with the FAQ question and the user details) and the
// imperfection reports of every site, each in a file of its own below forms/.
import { requestFormCalls } from './forms/request-forms.js';
import { imperfectionReportCalls } from './forms/imperfection-reports.js';
import { imperfectionDropdownCalls } from './forms/imperfection-dropdowns.js';

export * from './forms/request-forms.js';
export * from './forms/imperfection-reports.js';
export * from './forms/imperfection-dropdowns.js';

// The user details call is listed last, as spec section 7 lists it.
const { getFormPostUserDetails, ...requestForms } = requestFormCalls;

export const formsCalls = {
  ...requestForms,
  ...imperfectionReportCalls,
  ...imperfectionDropdownCalls,
  getFormPostUserDetails,
} as const;
