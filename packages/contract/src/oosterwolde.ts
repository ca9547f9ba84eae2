import type { ImperfectionSubject } from './enums.js';
import { validation as v } from './messages.js';

/**
 * The fields a fault of the Oosterwolde imperfection form makes mandatory, named as spec section 3 names
 * them. `patientName` is the patient choice (payload `patientId`); `swallowTime` is the time part of the
 * payload's `swallowDate`.
 */
export type OosterwoldeRequiredField =
  | 'patientName'
  | 'swallowDate'
  | 'swallowTime'
  | 'drugNameAndStrength'
  | 'batchNumber'
  | 'bagNumber';

export interface OosterwoldeCatalogueRow {
  subject: ImperfectionSubject;
  faults: readonly { name: string; id: number }[];
  requiredFields: readonly OosterwoldeRequiredField[];
}

const patientAndBatch = ['patientName', 'batchNumber'] as const;
const missingBag = ['patientName', 'swallowDate', 'swallowTime', 'batchNumber'] as const;

/** The subject and fault catalogue of spec section 3, row by row (fault names spelled as the API spells them). */
export const oosterwoldeCatalogue = [
  {
    subject: 'AddressLabel',
    faults: [
      { name: 'MissingAddressLabel', id: 1 },
      { name: 'MissingAddressLabelData', id: 2 },
      { name: 'BadPrintAddressLabel', id: 3 },
      { name: 'WrongAddressLabel', id: 4 },
    ],
    requiredFields: patientAndBatch,
  },
  {
    subject: 'Crate',
    faults: [
      { name: 'ReceivedCrateAtWrongLocation', id: 5 },
      { name: 'ReceivedCrateLate', id: 6 },
      { name: 'NotReceivedCrates', id: 7 },
      { name: 'WrongCrate', id: 8 },
    ],
    requiredFields: [],
  },
  {
    subject: 'Drugs',
    faults: [
      { name: 'DamagedDrugs', id: 9 },
      { name: 'WrongAmount', id: 10 },
      { name: 'WrongDrugs', id: 12 },
    ],
    requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'],
  },
  {
    subject: 'Scroll',
    faults: [{ name: 'MissingScroll', id: 13 }],
    requiredFields: ['patientName'],
  },
  {
    subject: 'Scroll',
    faults: [
      { name: 'ScrollAttachedToAnotherScroll', id: 14 },
      { name: 'ScrollWithIncorrectDate', id: 15 },
      { name: 'BadPerforationScroll', id: 16 },
      { name: 'BadPrintScroll', id: 17 },
      { name: 'BadSealScroll', id: 18 },
      { name: 'ToManyScrolls', id: 19 },
      { name: 'WrongScroll', id: 20 },
    ],
    requiredFields: patientAndBatch,
  },
  {
    subject: 'Tdl',
    faults: [
      { name: 'MissingTdl', id: 21 },
      { name: 'IncompleteTdl', id: 22 },
      { name: 'BadPrintTdl', id: 23 },
      { name: 'ToManyTdl', id: 24 },
      { name: 'WrongTdl', id: 25 },
    ],
    requiredFields: patientAndBatch,
  },
  {
    subject: 'Packaging',
    faults: [
      { name: 'DamagedPackaging', id: 26 },
      { name: 'WrongPackaging', id: 27 },
    ],
    requiredFields: patientAndBatch,
  },
  {
    subject: 'Bag',
    faults: [{ name: 'MissingBag', id: 28 }],
    requiredFields: missingBag,
  },
  {
    subject: 'Bag',
    faults: [
      { name: 'BadPerforationBag', id: 29 },
      { name: 'BadPringBag', id: 30 },
      { name: 'BagNotClosedProperly', id: 31 },
    ],
    requiredFields: [...missingBag, 'bagNumber'],
  },
  {
    subject: 'Other',
    faults: [{ name: 'DescribeAtAdditionalInfo', id: 32 }],
    requiredFields: [],
  },
] as const satisfies readonly OosterwoldeCatalogueRow[];

export type OosterwoldeFault = (typeof oosterwoldeCatalogue)[number]['faults'][number]['name'];

export interface OosterwoldeFaultInfo {
  name: OosterwoldeFault;
  id: number;
  subject: ImperfectionSubject;
  requiredFields: readonly OosterwoldeRequiredField[];
}

/** Every fault with its id, subject and required fields, in catalogue order. */
export const oosterwoldeFaults: readonly OosterwoldeFaultInfo[] = oosterwoldeCatalogue.flatMap((row) =>
  row.faults.map((fault) => ({
    name: fault.name,
    id: fault.id,
    subject: row.subject,
    requiredFields: row.requiredFields,
  })),
);

/** The fault names, for the payload's `imperfectionTypeInception`. */
export const oosterwoldeFaultNames = oosterwoldeFaults.map((f) => f.name) as unknown as readonly [
  OosterwoldeFault,
  ...OosterwoldeFault[],
];

export function oosterwoldeFault(name: string): OosterwoldeFaultInfo | undefined {
  return oosterwoldeFaults.find((f) => f.name === name);
}

/** The faults the form offers once a subject is chosen. */
export function oosterwoldeFaultsOf(subject: ImperfectionSubject): readonly OosterwoldeFaultInfo[] {
  return oosterwoldeFaults.filter((f) => f.subject === subject);
}

/** The message each conditionally required field shows when it is empty (spec section 5). */
export const oosterwoldeRequiredMessages: Record<OosterwoldeRequiredField, string> = {
  patientName: v.patientRequired,
  swallowDate: v.swallowDateRequired,
  swallowTime: v.swallowTimeRequired,
  drugNameAndStrength: v.drugNameAndStrengthRequired,
  batchNumber: v.batchNumberRequired,
  bagNumber: v.bagNumberRequired,
};
