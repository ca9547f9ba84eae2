import type { OosterwoldeCatalogue } from './oosterwolde.js';

/**
 * The Oosterwolde subject and fault catalogue of the product's entities, with the labels the provider shows. The server
 * keeps it in its database (migration 0008, where the provider may change it) and serves it with
 * `Forms/GetImperfectionCatalogueOosterwolde`; the web app falls back to this copy against a server without that
 * call. A test holds the two equal.
 */
export const specOosterwoldeCatalogue: OosterwoldeCatalogue = {
  subjects: [
    {
      name: 'AddressLabel',
      label: 'Adresetiket',
      faults: [
        { id: 1, name: 'MissingAddressLabel', label: 'Adresetiket ontbreekt', requiredFields: ['patientName', 'batchNumber'] },
        { id: 2, name: 'MissingAddressLabelData', label: 'Gegevens ontbreken op het adresetiket', requiredFields: ['patientName', 'batchNumber'] },
        { id: 3, name: 'BadPrintAddressLabel', label: 'Adresetiket slecht leesbaar afgedrukt', requiredFields: ['patientName', 'batchNumber'] },
        { id: 4, name: 'WrongAddressLabel', label: 'Verkeerd adresetiket', requiredFields: ['patientName', 'batchNumber'] },
      ],
    },
    {
      name: 'Crate',
      label: 'Krat',
      faults: [
        { id: 5, name: 'ReceivedCrateAtWrongLocation', label: 'Krat op de verkeerde locatie ontvangen', requiredFields: [] },
        { id: 6, name: 'ReceivedCrateLate', label: 'Krat te laat ontvangen', requiredFields: [] },
        { id: 7, name: 'NotReceivedCrates', label: 'Krat(ten) niet ontvangen', requiredFields: [] },
        { id: 8, name: 'WrongCrate', label: 'Verkeerde krat ontvangen', requiredFields: [] },
      ],
    },
    {
      name: 'Drugs',
      label: 'Geneesmiddelen',
      faults: [
        { id: 9, name: 'DamagedDrugs', label: 'Geneesmiddel beschadigd', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'] },
        { id: 10, name: 'WrongAmount', label: 'Verkeerd aantal geneesmiddelen', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'] },
        { id: 12, name: 'WrongDrugs', label: 'Verkeerd geneesmiddel', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'] },
      ],
    },
    {
      name: 'Scroll',
      label: 'Rol',
      faults: [
        { id: 13, name: 'MissingScroll', label: 'Rol ontbreekt', requiredFields: ['patientName'] },
        { id: 14, name: 'ScrollAttachedToAnotherScroll', label: 'Rol zit vast aan een andere rol', requiredFields: ['patientName', 'batchNumber'] },
        { id: 15, name: 'ScrollWithIncorrectDate', label: 'Rol met een onjuiste datum', requiredFields: ['patientName', 'batchNumber'] },
        { id: 16, name: 'BadPerforationScroll', label: 'Rol slecht geperforeerd', requiredFields: ['patientName', 'batchNumber'] },
        { id: 17, name: 'BadPrintScroll', label: 'Rol slecht leesbaar bedrukt', requiredFields: ['patientName', 'batchNumber'] },
        { id: 18, name: 'BadSealScroll', label: 'Rol slecht geseald', requiredFields: ['patientName', 'batchNumber'] },
        { id: 19, name: 'ToManyScrolls', label: 'Te veel rollen ontvangen', requiredFields: ['patientName', 'batchNumber'] },
        { id: 20, name: 'WrongScroll', label: 'Verkeerde rol ontvangen', requiredFields: ['patientName', 'batchNumber'] },
      ],
    },
    {
      name: 'Tdl',
      label: 'Toedienlijst',
      faults: [
        { id: 21, name: 'MissingTdl', label: 'Toedienlijst ontbreekt', requiredFields: ['patientName', 'batchNumber'] },
        { id: 22, name: 'IncompleteTdl', label: 'Toedienlijst onvolledig', requiredFields: ['patientName', 'batchNumber'] },
        { id: 23, name: 'BadPrintTdl', label: 'Toedienlijst slecht leesbaar afgedrukt', requiredFields: ['patientName', 'batchNumber'] },
        { id: 24, name: 'ToManyTdl', label: 'Te veel toedienlijsten ontvangen', requiredFields: ['patientName', 'batchNumber'] },
        { id: 25, name: 'WrongTdl', label: 'Verkeerde toedienlijst', requiredFields: ['patientName', 'batchNumber'] },
      ],
    },
    {
      name: 'Packaging',
      label: 'Verpakking',
      faults: [
        { id: 26, name: 'DamagedPackaging', label: 'Verpakking beschadigd', requiredFields: ['patientName', 'batchNumber'] },
        { id: 27, name: 'WrongPackaging', label: 'Verkeerde verpakking', requiredFields: ['patientName', 'batchNumber'] },
      ],
    },
    {
      name: 'Bag',
      label: 'Zakje',
      faults: [
        { id: 28, name: 'MissingBag', label: 'Zakje ontbreekt', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'batchNumber'] },
        { id: 29, name: 'BadPerforationBag', label: 'Zakje slecht geperforeerd', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'batchNumber', 'bagNumber'] },
        { id: 30, name: 'BadPringBag', label: 'Zakje slecht leesbaar bedrukt', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'batchNumber', 'bagNumber'] },
        { id: 31, name: 'BagNotClosedProperly', label: 'Zakje niet goed gesloten', requiredFields: ['patientName', 'swallowDate', 'swallowTime', 'batchNumber', 'bagNumber'] },
      ],
    },
    {
      name: 'Other',
      label: 'Overig',
      faults: [
        { id: 32, name: 'DescribeAtAdditionalInfo', label: 'Anders, omschrijf bij aanvullende informatie', requiredFields: [] },
      ],
    },
  ],
};
