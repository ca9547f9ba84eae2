import { z } from 'zod';
import { controller, submissionCall } from '../../define.js';
import { submissionReceipt } from '../../receipt.js';
import { validation as v } from '../../messages.js';
import { rollRequest } from '../../constants.js';
import { rollRequestOrderErrors } from '../../roll-request.js';
import { gender } from '../../enums.js';
import {
  idField,
  isoDate,
  isoDateTime,
  optionalIsoDate,
  optionalText,
  optionalUuidField,
  requiredEnum,
  requiredText,
} from '../../fields.js';
import { longText, alwaysOnObject, checkbox, type Raw } from './form-fields.js';

// ---------------------------------------------------------------------------------------------- FAQ question

export const askNonFaqQuestionRequest = z.strictObject({
  question: requiredText(v.required, longText),
});

// --------------------------------------------------------------------------------------- New product request

export const requestNewProductRequest = z.strictObject({
  drugName: requiredText(v.drugNameRequired),
  drugStrength: requiredText(v.drugStrengthRequired, 100),
  /** Free text, e.g. '14 tabletten'. */
  consumptionPerWeek: requiredText(v.consumptionRequired, 100),
  /** The web form sends 0 when the field is left empty. */
  amountOfPatients: z.int({ error: v.amountOfPatientsRequired }).min(0, v.tooSmall(0)).max(100_000, v.tooLarge(100_000)),
  /** Optional in effect (the product's validation rules). */
  ziNumber: optionalText(20),
  reason: requiredText(v.reasonRequired, longText),
});

// -------------------------------------------------------------------------------------- Immediate roll request

export const requestImmediateProductRequest = z
  .strictObject({
    patientId: idField(v.patientRequired),
    department: requiredText(v.departmentRequired),
    /** false = Extra rol, true = Vakantierol. */
    extraScrollIsHolidayScroll: z.boolean({ error: v.required }),
    startDate: isoDate(v.startDateRequired),
    amountOfDays: z
      .int({ error: v.amountOfDaysRequired })
      .min(1, v.tooSmall(1))
      .max(rollRequest.maxWeeks * 7, v.tooLarge(rollRequest.maxWeeks * 7)),
    /** The day the provider sends the rolls. */
    sendDate: isoDate(v.sendDateRequired),
    /** The delivery date. */
    receiveDate: isoDate(v.receiveDateRequired),
    /** The uploaded roll file, if any. */
    fileGuid: optionalUuidField(),
    /** The customer wants to be called back. */
    receiveReturnCall: checkbox(),
  })
  .superRefine((value, ctx) => {
    // Limits that depend on today are the server's and the form's (rollRequestDateErrors); these depend only
    // on the payload.
    for (const [field, message] of Object.entries(rollRequestOrderErrors(value as Raw))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  }, alwaysOnObject);

// ------------------------------------------------------------------------------------ Offline assortment forms

export const requestOfflineAssortmentRequest = z.strictObject({
  newDepartment: checkbox(),
  cureSet: checkbox(),
  medicationSet: checkbox(),
});

// --------------------------------------------------------------------------------------------- Photo request

export const requestPhotoRequest = z.strictObject({
  /** The web form always sends Male. */
  patientGender: requiredEnum(gender.options, v.invalidValue).default('Male'),
  patientId: idField(v.patientRequired),
  patientBirthDate: optionalIsoDate(),
  department: requiredText(v.departmentRequired),
  /** Date and time of swallowing; the form's separate date and time fields ('Datum'/'Tijd is verplicht'). */
  swallowDateTime: isoDateTime(v.dateRequired),
  drugName: requiredText(v.medicineNameRequired),
  reasonOfRequest: requiredText(v.reasonOfRequestRequired, longText),
});


// ------------------------------------------------------------------------------------------------ User details

export const formPostUserDetails = z.object({
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  emailAddress: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
});
export type FormPostUserDetails = z.infer<typeof formPostUserDetails>;

export const requestFormCalls = controller('Forms', {
  askNonFaqQuestion: submissionCall({
    body: askNonFaqQuestionRequest,
    response: submissionReceipt,
    summary: 'Send a question that the FAQ does not answer.',
  }),
  requestNewProduct: submissionCall({
    body: requestNewProductRequest,
    response: submissionReceipt,
    summary: 'Ask for a product to be added to the assortment.',
  }),
  requestImmediateProduct: submissionCall({
    body: requestImmediateProductRequest,
    response: submissionReceipt,
    summary: 'Ask for extra or holiday rolls for a patient, optionally with a roll file.',
  }),
  requestOfflineAssortment: submissionCall({
    body: requestOfflineAssortmentRequest,
    response: submissionReceipt,
    summary: 'Ask for the paper assortment forms.',
  }),
  requestPhoto: submissionCall({
    body: requestPhotoRequest,
    response: submissionReceipt,
    summary: 'Ask for a photo of a bag of a patient.',
  }),
  getFormPostUserDetails: {
    method: 'GET',
    response: formPostUserDetails,
    summary: 'Who is filing: the logged-in account and its customer, shown on the forms.',
  },
});
