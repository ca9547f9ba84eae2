import { z } from 'zod';
import { controller, submissionCall } from '../../define.js';
import { submissionReceipt } from '../../receipt.js';
import { validation as v } from '../../messages.js';
import { oosterwoldeCatalogue } from '../../oosterwolde.js';
import { alkmaarMandatoryNatures, apeldoornCategories, basicComplaintType, contactWay, feedbackKind, imperfectionImpact, imperfectionLocation } from '../../enums.js';
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
} from '../../fields.js';
import { longText, isBlank, alwaysOnObject, type Raw } from './form-fields.js';

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

export const imperfectionReportCalls = controller('Forms', {
  reportImperfection: submissionCall({
    body: reportImperfectionRequest,
    response: submissionReceipt,
    summary: 'Report an imperfection (basic form).',
  }),
  reportImperfectionInceptionOosterwolde: submissionCall({
    body: reportImperfectionInceptionOosterwoldeRequest,
    response: submissionReceipt,
    summary: 'Report an imperfection (Oosterwolde form); the fault decides which further fields are required.',
  }),
  /**
   * Not in the spec (whose app had the catalogue built in): the provider's subject and fault catalogue, so that
   * the form offers what the server checks against.
   */
  getImperfectionCatalogueOosterwolde: {
    method: 'GET',
    response: oosterwoldeCatalogue,
    summary: 'The subjects of the Oosterwolde imperfection form, each with its faults and the fields each fault makes required.',
  },
  reportImperfectionInceptionApeldoorn: submissionCall({
    body: reportImperfectionInceptionApeldoornRequest,
    response: submissionReceipt,
    summary: 'Report an imperfection or ask for a photo (Apeldoorn form).',
  }),
  reportImperfectionInceptionAlkmaar: submissionCall({
    body: reportImperfectionInceptionAlkmaarRequest,
    response: submissionReceipt,
    summary: 'Report an imperfection (Alkmaar form); some natures of complaint need a patient and a medicine.',
  }),
});
