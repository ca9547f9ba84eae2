import { z } from 'zod';

export const pharmacistType = z.enum(['Administrator', 'Employee']);
export type PharmacistType = z.infer<typeof pharmacistType>;
/** The calls of a customer's administrators only (the staff accounts, the access log): an Employee gets 403. */
export const administratorsOnly: readonly PharmacistType[] = ['Administrator'];

export const inboxStatus = z.enum(['New', 'Processing', 'Archived']);
export type InboxStatus = z.infer<typeof inboxStatus>;

export const invoiceFileType = z.enum(['Pdf', 'PdfDetails', 'Excel', 'ExcelDetails']);
export type InvoiceFileType = z.infer<typeof invoiceFileType>;
/**
 * An invoice's payment status, as the ERP sends it and the portal shows it. Here rather than beside the import's
 * rows: the customer's invoice call needs the values, not every row schema of the integration door.
 */
export const invoicePaymentStatuses = ['Open', 'Paid'] as const;

export const gender = z.enum(['Male', 'Female']);
export const feedbackKind = z.enum(['Mail', 'Telephone', 'NoFeedbackNecessary']);
export const contactWay = z.enum(['Phone', 'Email']);
export const reporterKind = z.enum(['Pharmacy', 'Patient', 'Nursery', 'Other']);
export const itemKind = z.enum(['Packaging', 'Drugs', 'Crate', 'Scroll', 'Bag', 'Tdl', 'AddressLabel', 'Unknown']);
export const useDamage = z.enum(['UsedNoDamage', 'UsedDamage', 'NotUsedDamage', 'NotUsedNoDamage', 'UnknownNoDamage']);

/** Who discovered the fault: same values in the basic and Oosterwolde forms, with other Dutch labels. */
export const imperfectionLocation = z.enum(['Pharmacy', 'Institution', 'Patient']);
export const imperfectionLocationLabels = {
  basic: { Pharmacy: 'Apotheek', Institution: 'Verpleegkundig personeel', Patient: 'Patient' },
  oosterwolde: { Pharmacy: 'Apotheek', Institution: 'Zorgmedewerker', Patient: '(Familie van) patiënt' },
} as const;

export const basicComplaintType = z.enum([
  'MissingDrug', 'MissingBag', 'MissingScroll', 'MissingTdl', 'MissingAddress',
  'WrongDrugs', 'WrongScroll', 'WrongCrate', 'WrongTdl', 'WrongAddress', 'WrongPackaging',
  'TooManyDrugs', 'TooManyScrolls', 'DamagedDrugs', 'DamagedBag', 'DamagedScroll', 'DamagedPackaging',
  'Late', 'Missing',
]);

export const imperfectionImpact = z.enum(['UsedNoDamage', 'UsedDamage', 'NotUsedNoDamage', 'NotUsedDamage', 'UnknownNoDamage']);

export const imperfectionSubject = z.enum(['AddressLabel', 'Crate', 'Drugs', 'Scroll', 'Tdl', 'Packaging', 'Bag', 'Other']);
export type ImperfectionSubject = z.infer<typeof imperfectionSubject>;

export const alkmaarMandatoryNatures = [
  'DamagedBag', 'DamagedMedication', 'DamagedRolls', 'DamagedPackaging', 'MissingAddressLabels',
  'MissingMedication', 'MissingRolls', 'MissingAdministrationList', 'MissingBag', 'TooMuchMedication',
  'TooMuchRolls', 'WrongAddressLabel', 'WrongMedication',
] as const;

export const apeldoornCrateKinds = ['CrateNotDelivered', 'CrateIncorrectlyDelivered'] as const;
export const apeldoornCategories = z.enum(['Assortment', 'Delivery', 'Medication', 'MedicationRoll', 'ServiceProducts']);

/** The imperfection form variants; the deployment profile decides which are reachable. */
export const imperfectionVariant = z.enum(['Basic', 'Oosterwolde', 'Apeldoorn', 'Alkmaar']);
export type ImperfectionVariant = z.infer<typeof imperfectionVariant>;
