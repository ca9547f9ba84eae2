import { z } from 'zod';
import { controller } from '../../define.js';
import { apeldoornCategories } from '../../enums.js';

// ----------------------------------------------------------------------------------------------- Dropdown data

/** One choice of a dropdown: the value sent back in the payload and its Dutch label. */
export const dropdownOption = z.object({ value: z.string(), label: z.string() });
export type DropdownOption = z.infer<typeof dropdownOption>;

export const apeldoornDropdownData = z.object({
  feedbackMessage: z.array(dropdownOption),
  complaintCategories: z.array(dropdownOption),
  /** The complaint kinds per complaint category. */
  complaintKinds: z.record(apeldoornCategories, z.array(dropdownOption)),
  additionalInformation: z.array(dropdownOption),
  originFaultDiscovered: z.array(dropdownOption),
});
export type ApeldoornDropdownData = z.infer<typeof apeldoornDropdownData>;

export const alkmaarDropdownData = z.object({
  feedbackMessage: z.array(dropdownOption),
  discovererComplaint: z.array(dropdownOption),
  natureComplaint: z.array(dropdownOption),
});
export type AlkmaarDropdownData = z.infer<typeof alkmaarDropdownData>;

export const imperfectionDropdownCalls = controller('Forms', {
  getDropdownDataApeldoorn: {
    method: 'POST',
    response: apeldoornDropdownData,
    summary: 'The choices of the Apeldoorn imperfection form.',
  },
  getDropdownDataAlkmaar: {
    method: 'POST',
    response: alkmaarDropdownData,
    summary: 'The choices of the Alkmaar imperfection form.',
  },
});
