import { z } from 'zod';
import { defineCall } from '../define.js';
import { validation as v } from '../messages.js';
import { rollRequest } from '../constants.js';
import {
  alkmaarMandatoryNatures,
  apeldoornCategories,
  basicComplaintType,
  contactWay,
  feedbackKind,
  gender,
  imperfectionImpact,
  imperfectionLocation,
} from '../enums.js';
import {
  emailAddressField,
  idField,
  isoDate,
  isoDateTime,
  isoTime,
  optionalEmailAddress,
  optionalIdField,
  optionalIsoDate,
  optionalText,
  optionalUuidField,
  requiredEnum,
  requiredText,
} from '../fields.js';
import { rollRequestOrderErrors } from '../roll-request.js';
import { oosterwoldeCatalogue } from '../oosterwolde.js';

/** Free text a user writes (a question, a description, actions taken). */
const longText = 4000;

const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

/**
 * Conditional rules run even when other fields already failed, so that one answer lists every problem.
 * Their function therefore sees the raw payload and must not trust the types of the other fields.
 */
const alwaysOnObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
type Raw = Record<string, unknown>;

/** A boolean the user ticks or not; absent means not ticked. */
const checkbox = () => z.boolean({ error: v.invalidValue }).default(false);

// ---------------------------------------------------------------------------------------------- FAQ question

export const askNonFaqQuestionRequest = z.strictObject({
  question: requiredText(v.required, longText),
});

const askNonFaqQuestion = defineCall({
  controller: 'Forms',
  action: 'AskNonFaqQuestion',
  submission: true,
  method: 'POST',
  body: askNonFaqQuestionRequest,
  summary: 'Send a question that the FAQ does not answer.',
});

// --------------------------------------------------------------------------------------- New product request

export const requestNewProductRequest = z.strictObject({
  drugName: requiredText(v.drugNameRequired),
  drugStrength: requiredText(v.drugStrengthRequired, 100),
  /** Free text, e.g. '14 tabletten'. */
  consumptionPerWeek: requiredText(v.consumptionRequired, 100),
  /** The web form sends 0 when the field is left empty. */
  amountOfPatients: z.int({ error: v.amountOfPatientsRequired }).min(0, v.tooSmall(0)).max(100_000, v.tooLarge(100_000)),
  /** Optional in effect (spec section 5). */
  ziNumber: optionalText(20),
  reason: requiredText(v.reasonRequired, longText),
});

const requestNewProduct = defineCall({
  controller: 'Forms',
  action: 'RequestNewProduct',
  submission: true,
  method: 'POST',
  body: requestNewProductRequest,
  summary: 'Ask for a product to be added to the assortment.',
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

const requestImmediateProduct = defineCall({
  controller: 'Forms',
  action: 'RequestImmediateProduct',
  submission: true,
  method: 'POST',
  body: requestImmediateProductRequest,
  summary: 'Ask for extra or holiday rolls for a patient, optionally with a roll file.',
});

// ------------------------------------------------------------------------------------ Offline assortment forms

export const requestOfflineAssortmentRequest = z.strictObject({
  newDepartment: checkbox(),
  cureSet: checkbox(),
  medicationSet: checkbox(),
});

const requestOfflineAssortment = defineCall({
  controller: 'Forms',
  action: 'RequestOfflineAssortment',
  submission: true,
  method: 'POST',
  body: requestOfflineAssortmentRequest,
  summary: 'Ask for the paper assortment forms.',
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

const requestPhoto = defineCall({
  controller: 'Forms',
  action: 'RequestPhoto',
  submission: true,
  method: 'POST',
  body: requestPhotoRequest,
  summary: 'Ask for a photo of a bag of a patient.',
});

// ------------------------------------------------------------------------------------ Imperfection report, basic

/** The Dutch names of the basic form's complaint types (its select and the provider's mail). */
export const basicComplaintTypeLabels: Record<z.infer<typeof basicComplaintType>, string> = {
  MissingDrug: 'Geneesmiddel ontbreekt',
  MissingBag: 'Zakje ontbreekt',
  MissingScroll: 'Rol ontbreekt',
  MissingTdl: 'Toedienlijst ontbreekt',
  MissingAddress: 'Adresetiket ontbreekt',
  WrongDrugs: 'Verkeerd geneesmiddel',
  WrongScroll: 'Verkeerde rol',
  WrongCrate: 'Verkeerde krat',
  WrongTdl: 'Verkeerde toedienlijst',
  WrongAddress: 'Verkeerd adresetiket',
  WrongPackaging: 'Verkeerde verpakking',
  TooManyDrugs: 'Te veel geneesmiddelen',
  TooManyScrolls: 'Te veel rollen',
  DamagedDrugs: 'Geneesmiddel beschadigd',
  DamagedBag: 'Zakje beschadigd',
  DamagedScroll: 'Rol beschadigd',
  DamagedPackaging: 'Verpakking beschadigd',
  Late: 'Te laat geleverd',
  Missing: 'Niet geleverd',
};

/** The basic form's feedback options. */
export const contactWayLabels: Record<z.infer<typeof contactWay>, string> = {
  Email: 'E-mail',
  Phone: 'Telefoon',
};

/** The Oosterwolde form's impact choices. */
export const imperfectionImpactLabels: Record<z.infer<typeof imperfectionImpact>, string> = {
  UsedNoDamage: 'Ingenomen, geen schade',
  UsedDamage: 'Ingenomen, met schade',
  NotUsedNoDamage: 'Niet ingenomen, geen schade',
  NotUsedDamage: 'Niet ingenomen, met schade',
  UnknownNoDamage: 'Onbekend, geen schade',
};

export const reportImperfectionRequest = z
  .strictObject({
    /** Who discovered the fault. */
    imperfectionLocation: requiredEnum(imperfectionLocation.options, v.discovererRequired),
    imperfectionType: requiredEnum(basicComplaintType.options, v.complaintTypeRequired),
    patientId: idField(v.patientRequired),
    department: requiredText(v.departmentRequired),
    swallowDate: optionalIsoDate(),
    drugName: requiredText(v.drugNameRequired),
    drugStrength: requiredText(v.strengthRequired, 100),
    drugAmount: requiredText(v.amountRequired, 100),
    generalAdditionalInformation: requiredText(v.additionalInformationRequired, longText),
    takenActions: requiredText(v.takenActionsRequired, longText),
    imageGuid: optionalUuidField(),
    feedBackOption: requiredEnum(contactWay.options, v.required),
    /** An e-mail address for feedBackOption Email, a telephone number for Phone. */
    contactInfo: requiredText(v.required, 254),
  })
  .superRefine((value, ctx) => {
    const { feedBackOption, contactInfo } = value as Raw;
    if (feedBackOption === 'Email' && typeof contactInfo === 'string' && !isBlank(contactInfo)) {
      if (!emailAddressField().safeParse(contactInfo).success) {
        ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: v.invalidEmail });
      }
    }
  }, alwaysOnObject);

const reportImperfection = defineCall({
  controller: 'Forms',
  action: 'ReportImperfection',
  submission: true,
  method: 'POST',
  body: reportImperfectionRequest,
  summary: 'Report an imperfection (basic form).',
});

// ------------------------------------------------------------------------------- Imperfection report, Oosterwolde

/** `YYYY-MM-DD`, or an ISO date-time when the swallow time is known. */
const swallowMoment = z
  .string({ error: v.invalidDate })
  .refine((s) => isoDate().safeParse(s).success || isoDateTime().safeParse(s).success, v.invalidDate)
  .nullish();

/**
 * The subject, the fault and the fields the fault makes mandatory come from the provider's catalogue
 * (`getImperfectionCatalogueOosterwolde`): the server checks them against its database, the web form with
 * `missingOosterwoldeFields` and the fault it offered. This schema checks what holds for every fault.
 */
export const reportImperfectionInceptionOosterwoldeRequest = z.strictObject({
  /** The facility of the chosen patient, or typed. */
  department: requiredText(v.departmentRequired),
  /** Who discovered the fault. */
  imperfectionLocation: requiredEnum(imperfectionLocation.options, v.discovererRequired),
  /** The subject: a `name` of the catalogue's subjects. */
  imperfectionAbout: requiredText(v.imperfectionAboutRequired, 100),
  /** The fault: a `name` of the chosen subject's faults. */
  imperfectionTypeInception: requiredText(v.complaintTypeRequired, 100),
  imperfectionImpact: requiredEnum(imperfectionImpact.options, v.impactRequired),
  patientId: optionalIdField(),
  /** The swallow date, with the swallow time as its time part when given. */
  swallowDate: swallowMoment,
  drugNameAndStrength: optionalText(),
  /** The web form starts it at 'M0'. */
  batchNumber: optionalText(50),
  bagNumber: optionalText(50),
  additionalInformation: optionalText(longText),
  takenActions: optionalText(longText),
  imageGuid: optionalUuidField(),
  /** As the upload answered them; the server takes both from the stored upload instead. */
  imageExtension: optionalText(20),
  imageFileType: optionalText(100),
});

const reportImperfectionInceptionOosterwolde = defineCall({
  controller: 'Forms',
  action: 'ReportImperfectionInceptionOosterwolde',
  submission: true,
  method: 'POST',
  body: reportImperfectionInceptionOosterwoldeRequest,
  summary: 'Report an imperfection (Oosterwolde form); the fault decides which further fields are required.',
});

/**
 * Not in the spec (whose app had the catalogue built in): the provider's subject and fault catalogue, so that
 * the form offers what the server checks against.
 */
const getImperfectionCatalogueOosterwolde = defineCall({
  controller: 'Forms',
  action: 'GetImperfectionCatalogueOosterwolde',
  method: 'GET',
  response: oosterwoldeCatalogue,
  summary: 'The subjects of the Oosterwolde imperfection form, each with its faults and the fields each fault makes required.',
});

// -------------------------------------------------------------------------------- Imperfection report, Apeldoorn

export const reportImperfectionInceptionApeldoornRequest = z
  .strictObject({
    departmentName: optionalText(),
    patientId: optionalIdField(),
    dateTimeBag: isoDateTime(v.invalidDate).nullish(),
    feedbackMessage: requiredEnum(feedbackKind.options, v.feedbackRequired),
    contactPerson: optionalText(),
    /** Asked for feedback by Mail. */
    emailAddress: optionalEmailAddress(),
    /** Asked for feedback by Telephone. */
    phoneNumber: optionalText(30),
    /** true = Klacht, false = Foto opvraag. */
    isComplaint: z.boolean({ error: v.complaintOrPhotoRequired }),
    remarks: optionalText(longText),
    complaintCategory: requiredEnum(apeldoornCategories.options, v.required).nullish(),
    /** A value of the chosen category's complaintKinds. */
    complaintKind: optionalText(100),
    /** Values of the dropdown data's additionalInformation. */
    additionalInformation: z
      .array(requiredText(v.invalidValue, 100), { error: v.invalidValue })
      .max(50, v.invalidValue)
      .nullish(),
    /** Number of crates, for the crate complaint kinds. */
    crateAmount: z.int({ error: v.invalidValue }).min(0, v.tooSmall(0)).max(10_000, v.tooLarge(10_000)).nullish(),
    department: optionalText(),
    descriptionOther: optionalText(longText),
    takenActions: optionalText(longText),
    /** The question of a photo request (isComplaint false). */
    explanationQuestion: optionalText(longText),
    /** A value of the dropdown data's originFaultDiscovered. */
    originFaultDiscovered: optionalText(100),
    imageGuid: optionalUuidField(),
    imageExtension: optionalText(20),
    imageFileType: optionalText(100),
    fromPharmacy: optionalText(),
    fromDepartment: optionalText(),
  })
  .superRefine((value, ctx) => {
    const raw = value as Raw;
    const feedback = feedbackKind.safeParse(raw.feedbackMessage);
    if (feedback.success && feedback.data !== 'NoFeedbackNecessary' && isBlank(raw.contactPerson)) {
      ctx.addIssue({ code: 'custom', path: ['contactPerson'], message: v.contactPersonRequired });
    }
    if (raw.isComplaint === true) {
      for (const field of ['complaintCategory', 'complaintKind', 'originFaultDiscovered'] as const) {
        if (isBlank(raw[field])) ctx.addIssue({ code: 'custom', path: [field], message: v.required });
      }
    }
  }, alwaysOnObject);

const reportImperfectionInceptionApeldoorn = defineCall({
  controller: 'Forms',
  action: 'ReportImperfectionInceptionApeldoorn',
  submission: true,
  method: 'POST',
  body: reportImperfectionInceptionApeldoornRequest,
  summary: 'Report an imperfection or ask for a photo (Apeldoorn form).',
});

// ---------------------------------------------------------------------------------- Imperfection report, Alkmaar

export const reportImperfectionInceptionAlkmaarRequest = z
  .strictObject({
    pharmacyContactPerson: requiredText(v.contactPersonRequired),
    /** A value of the dropdown data's discovererComplaint. */
    discovererComplaint: requiredText(v.discovererComplaintRequired, 100),
    /** A value of the dropdown data's natureComplaint. */
    natureComplaint: requiredText(v.natureComplaintRequired, 100),
    /** The nature of the complaint in words, when none of the values fits. */
    other: optionalText(longText),
    medicine: optionalText(),
    department: optionalText(),
    patientId: optionalIdField(),
    startSwallowDate: isoDate(v.startSwallowDateRequired),
    intakeDate: optionalIsoDate(),
    /** `HH:mm` */
    intakeTime: isoTime(v.invalidValue).nullish(),
    scrollEndDate: optionalIsoDate(),
    feedbackMessage: requiredEnum(feedbackKind.options, v.invalidValue).nullish(),
    feedbackPhoneNumber: optionalText(30),
    feedbackEmailAddress: optionalEmailAddress(),
    detailedDescriptionMessage: optionalText(longText),
    actionsTakenImmediately: optionalText(longText),
    imageGuid: optionalUuidField(),
  })
  .superRefine((value, ctx) => {
    const raw = value as Raw;
    if ((alkmaarMandatoryNatures as readonly unknown[]).includes(raw.natureComplaint)) {
      if (isBlank(raw.patientId)) ctx.addIssue({ code: 'custom', path: ['patientId'], message: v.patientRequired });
      if (isBlank(raw.medicine)) ctx.addIssue({ code: 'custom', path: ['medicine'], message: v.medicineRequired });
    }
  }, alwaysOnObject);

const reportImperfectionInceptionAlkmaar = defineCall({
  controller: 'Forms',
  action: 'ReportImperfectionInceptionAlkmaar',
  submission: true,
  method: 'POST',
  body: reportImperfectionInceptionAlkmaarRequest,
  summary: 'Report an imperfection (Alkmaar form); some natures of complaint need a patient and a medicine.',
});

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

const getDropdownDataApeldoorn = defineCall({
  controller: 'Forms',
  action: 'GetDropdownDataApeldoorn',
  method: 'POST',
  response: apeldoornDropdownData,
  summary: 'The choices of the Apeldoorn imperfection form.',
});

export const alkmaarDropdownData = z.object({
  feedbackMessage: z.array(dropdownOption),
  discovererComplaint: z.array(dropdownOption),
  natureComplaint: z.array(dropdownOption),
});
export type AlkmaarDropdownData = z.infer<typeof alkmaarDropdownData>;

const getDropdownDataAlkmaar = defineCall({
  controller: 'Forms',
  action: 'GetDropdownDataAlkmaar',
  method: 'POST',
  response: alkmaarDropdownData,
  summary: 'The choices of the Alkmaar imperfection form.',
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

const getFormPostUserDetails = defineCall({
  controller: 'Forms',
  action: 'GetFormPostUserDetails',
  method: 'GET',
  response: formPostUserDetails,
  summary: 'Who is filing: the logged-in account and its customer, shown on the forms.',
});

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
