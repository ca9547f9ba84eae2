import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { API_BASE } from './define.js';
import { validation } from './messages.js';
import { allCalls, calls } from './calls/index.js';
import { missingOosterwoldeFields } from './oosterwolde.js';
import { deploymentProfile } from './deployment.js';

/** The messages a failed parse reports for one top-level field (or a nested path joined with dots). */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

function bodyOf(call: { body: z.ZodType | undefined }): z.ZodType {
  if (!call.body) throw new Error('call has no body');
  return call.body;
}

function queryOf(call: { query: z.ZodType | undefined }): z.ZodType {
  if (!call.query) throw new Error('call has no query');
  return call.query;
}

/** The product's calls, controller by controller: `<method> <action>`. */
const specCalls: Record<string, string[]> = {
  Account: ['POST UpdatePassword', 'GET IsTotpEnabled', 'POST GetTotpSetupCode', 'POST EnableTotp', 'POST DisableTotp'],
  Authentication: [
    ...['POST LoginWithCredentials', 'POST LoginWithTotp', 'POST RefreshAccessToken', 'POST Logout'],
    ...['POST RequestPasswordResetToken', 'POST IsPasswordResetTokenValid', 'POST ResetPassword'],
    ...['POST IsActivationKeyValid', 'POST ActivateAccount'],
  ],
  ContactDetails: ['GET Get'],
  Faq: ['GET GetFaqItems'],
  Memo: ['GET GetActiveMemos'],
  Drug: ['POST GetDrugTable'],
  Invoice: ['POST GetInvoiceTable', 'GET DownloadInvoiceFile'],
  Order: ['POST GetOrderFulfillmentSchedulesTable', 'POST GetOrderFulfillmentsTable'],
  Patient: ['POST SearchPatients'],
  Forms: [
    ...['POST AskNonFaqQuestion', 'POST RequestNewProduct', 'POST RequestImmediateProduct', 'POST RequestOfflineAssortment'],
    ...['POST RequestPhoto', 'POST ReportImperfection', 'POST ReportImperfectionInceptionOosterwolde'],
    ...['POST ReportImperfectionInceptionApeldoorn', 'POST ReportImperfectionInceptionAlkmaar'],
    ...['POST GetDropdownDataApeldoorn', 'POST GetDropdownDataAlkmaar', 'GET GetFormPostUserDetails'],
    // Not in the spec: the Oosterwolde catalogue is the provider's data, served by the API.
    'GET GetImperfectionCatalogueOosterwolde',
  ],
  File: ['POST UploadFile'],
  Pharmacist: [
    ...['POST AddPharmacist', 'DELETE DeletePharmacistById', 'GET GetPharmacistById', 'POST GetPharmacistTable'],
    'POST UpdatePharmacist',
    // Not in the spec (issue 13): an administrator helps a colleague who cannot get in.
    ...['POST ResendInvitation', 'POST ResetColleagueTotp'],
  ],
  ServiceProduct: ['GET GetServiceProducts'],
  ServiceProductOrder: ['POST AddServiceProductOrder', 'GET GetServiceProductOrderById', 'POST GetServiceProductOrderTable'],
};
/** The calls a client makes before it has a token. */
const callsWithoutToken = [
  ...['LoginWithCredentials', 'LoginWithTotp', 'RefreshAccessToken', 'RequestPasswordResetToken', 'IsPasswordResetTokenValid'],
  ...['ResetPassword', 'IsActivationKeyValid', 'ActivateAccount'],
].map((action) => `Authentication/${action}`);

describe('call list', () => {
  it('has every call of the product, and no other', () => {
    const ours = allCalls.map((c) => `${c.method} ${c.controller}/${c.action}`).sort();
    const spec = Object.entries(specCalls).flatMap(([controller, actions]) =>
      actions.map((call) => call.replace(' ', ` ${controller}/`)),
    );
    expect(ours).toEqual(spec.sort());
  });

  it('gives every call a unique path of the form /api/portal/<Controller>/<Action>', () => {
    const paths = allCalls.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const c of allCalls) {
      expect(c.path).toMatch(/^\/api\/portal\/[A-Z][A-Za-z]*\/[A-Z][A-Za-z]*$/);
      expect(c.path).toBe(`${API_BASE}/${c.controller}/${c.action}`);
    }
  });

  it('sends a body only with POST, and only the authentication calls without a token', () => {
    expect(new Set(allCalls.filter((c) => c.body).map((c) => c.method))).toEqual(new Set(['POST']));
    const withoutToken = allCalls.filter((c) => !c.auth).map((c) => `${c.controller}/${c.action}`);
    expect(withoutToken.sort()).toEqual([...callsWithoutToken].sort());
    expect(calls.authentication.logout.auth).toBe(true);
  });

  it('names query parameters as the spec does', () => {
    const keys = (call: { query: z.ZodType | undefined }) => Object.keys((queryOf(call) as z.ZodObject).shape);
    expect(keys(calls.invoice.downloadInvoiceFile)).toEqual(['ProcessedMonth', 'ClientCode', 'FileType']);
    expect(keys(calls.pharmacist.deletePharmacistById)).toEqual(['Id']);
    expect(keys(calls.pharmacist.getPharmacistById)).toEqual(['AccountId']);
    expect(keys(calls.serviceProductOrder.getServiceProductOrderById)).toEqual(['ServiceProductOrderId']);
  });
});

describe('FAQ question', () => {
  const schema = bodyOf(calls.forms.askNonFaqQuestion);
  it('accepts a question and requires one', () => {
    expect(schema.safeParse({ question: 'Wanneer komt de levering?' }).success).toBe(true);
    expect(messagesAt(schema, {}, 'question')).toEqual(['Dit veld is verplicht']);
    expect(messagesAt(schema, { question: '   ' }, 'question')).toEqual(['Dit veld is verplicht']);
  });
  it('refuses unknown fields', () => {
    expect(schema.safeParse({ question: 'Vraag', extra: 1 }).success).toBe(false);
  });
});

describe('pharmacist add', () => {
  const schema = bodyOf(calls.pharmacist.addPharmacist);
  const valid = { emailAddress: 'a.jansen@apotheek.nl', firstName: 'Anna', lastName: 'Jansen', pharmacistType: 'Employee' };
  it('accepts a valid payload, the middle name optional', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, middleName: 'de' }).success).toBe(true);
  });
  it('words each missing field as the spec does', () => {
    expect(messagesAt(schema, { ...valid, firstName: undefined }, 'firstName')).toEqual(['Firstname is required']);
    expect(messagesAt(schema, { ...valid, lastName: '' }, 'lastName')).toEqual(['Lastname is required']);
    expect(messagesAt(schema, { ...valid, emailAddress: '' }, 'emailAddress')).toEqual(['E-mailadres is required']);
    expect(messagesAt(schema, { ...valid, pharmacistType: undefined }, 'pharmacistType')).toEqual(['Accounttype is required']);
  });
});

describe('new product request', () => {
  const schema = bodyOf(calls.forms.requestNewProduct);
  const valid = {
    drugName: 'Paracetamol',
    drugStrength: '500 mg',
    consumptionPerWeek: '14 tabletten',
    amountOfPatients: 0,
    reason: 'Nieuwe patiënt',
  };
  it('accepts a payload without ZI number', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });
  it('requires the drug name with the spec message', () => {
    expect(messagesAt(schema, { ...valid, drugName: undefined }, 'drugName')).toEqual(['Naam geneesmiddel is verplicht']);
    expect(messagesAt(schema, { ...valid, reason: '' }, 'reason')).toEqual(['Reden is verplicht']);
  });
});

describe('photo request', () => {
  const schema = bodyOf(calls.forms.requestPhoto);
  it('accepts a valid payload and requires the patient', () => {
    const valid = {
      patientId: 12,
      department: 'Afdeling A',
      swallowDateTime: '2026-03-01T08:30',
      drugName: 'Metformine',
      reasonOfRequest: 'Tablet ontbreekt',
    };
    const parsed = schema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect((parsed.data as { patientGender: string }).patientGender).toBe('Male');
    expect(messagesAt(schema, { ...valid, patientId: undefined }, 'patientId')).toEqual(['Patient is verplicht']);
  });
});

describe('roll request', () => {
  const schema = bodyOf(calls.forms.requestImmediateProduct);
  const valid = {
    patientId: 4,
    department: 'Afdeling B',
    extraScrollIsHolidayScroll: true,
    startDate: '2026-07-20',
    amountOfDays: 28,
    sendDate: '2026-07-16',
    receiveDate: '2026-07-17',
    fileGuid: null,
    receiveReturnCall: false,
  };
  it('accepts ordered dates', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });
  it('refuses a delivery after the start or a send date not before the delivery', () => {
    expect(messagesAt(schema, { ...valid, receiveDate: '2026-07-21' }, 'receiveDate')).toEqual([validation.receiveDateOutOfRange]);
    expect(messagesAt(schema, { ...valid, sendDate: '2026-07-17' }, 'sendDate')).toEqual([validation.sendDateOutOfRange]);
  });
  it('refuses rolls that reach beyond 12 weeks after the send date (production)', () => {
    // Sent 16-07, start 20-07: 12 weeks after the send date is 8 October, so the rolls may cover 20 July up to 8 October.
    expect(schema.safeParse({ ...valid, amountOfDays: 81 }).success).toBe(true);
    expect(messagesAt(schema, { ...valid, amountOfDays: 82 }, 'amountOfDays')).toEqual([validation.rollPeriodBeyondTwelveWeeks]);
  });
  it('reports a missing start date with the spec message, together with other problems', () => {
    const result = schema.safeParse({ ...valid, startDate: undefined, sendDate: '2026-07-18' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('startDate: Startdatum is verplicht');
    expect(messages).toContain(`sendDate: ${validation.sendDateOutOfRange}`);
  });
});

describe('Oosterwolde imperfection report', () => {
  const schema = bodyOf(calls.forms.reportImperfectionInceptionOosterwolde);
  const base = {
    department: 'Afdeling C',
    imperfectionLocation: 'Institution',
    imperfectionImpact: 'NotUsedNoDamage',
  };
  it('accepts the fields every fault needs', () => {
    expect(schema.safeParse({ ...base, imperfectionAbout: 'Crate', imperfectionTypeInception: 'ReceivedCrateLate' }).success).toBe(
      true,
    );
  });
  it('always requires the discoverer, subject, fault, impact and department', () => {
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      imperfectionLocation: 'Ontdekker is verplicht',
      imperfectionAbout: 'Wat de klacht is is verplicht',
      imperfectionTypeInception: 'Klachttype is verplicht',
      imperfectionImpact: 'Impact is verplicht',
      department: 'Afdeling is verplicht',
    });
  });
  it("names the fault's empty required fields with their messages", () => {
    const all = ['patientName', 'swallowDate', 'swallowTime', 'drugNameAndStrength', 'batchNumber', 'bagNumber'] as const;
    expect(missingOosterwoldeFields({ swallowDate: '' }, all)).toEqual([
      { field: 'patientId', message: 'Patient is verplicht' },
      { field: 'swallowDate', message: 'Slikdatum is verplicht' },
      { field: 'swallowTime', message: 'Sliktijd is verplicht' },
      { field: 'drugNameAndStrength', message: 'Naam geneesmiddel en sterkte is verplicht' },
      { field: 'batchNumber', message: 'Batchnummer is verplicht' },
      { field: 'bagNumber', message: 'Nummer zakje is verplicht' },
    ]);
    const complete = {
      patientId: 7,
      swallowDate: '2026-02-03T08:00',
      drugNameAndStrength: 'Metformine 500 mg',
      batchNumber: 'M0',
      bagNumber: '3',
    };
    expect(missingOosterwoldeFields(complete, all)).toEqual([]);
    expect(missingOosterwoldeFields({ ...complete, swallowDate: '2026-02-03' }, all)).toEqual([
      { field: 'swallowTime', message: 'Sliktijd is verplicht' },
    ]);
    expect(missingOosterwoldeFields({}, [])).toEqual([]);
  });
});

describe('Apeldoorn and Alkmaar imperfection reports', () => {
  it('Apeldoorn: a complaint needs category, kind and origin; feedback needs a contact person', () => {
    const schema = bodyOf(calls.forms.reportImperfectionInceptionApeldoorn);
    expect(schema.safeParse({ feedbackMessage: 'NoFeedbackNecessary', isComplaint: false }).success).toBe(true);
    expect(messagesAt(schema, { feedbackMessage: 'NoFeedbackNecessary' }, 'isComplaint')).toEqual([
      'Klacht/Foto opvraag is verplicht',
    ]);
    const complaint = { feedbackMessage: 'Mail', isComplaint: true };
    expect(messagesAt(schema, complaint, 'complaintCategory')).toEqual(['Dit veld is verplicht']);
    expect(messagesAt(schema, complaint, 'contactPerson')).toEqual(['Contactpersoon is verplicht']);
    expect(messagesAt(schema, {}, 'feedbackMessage')).toEqual(['Terugkoppeling is verplicht']);
  });
  it('Alkmaar: some natures of complaint need a patient and a medicine', () => {
    const schema = bodyOf(calls.forms.reportImperfectionInceptionAlkmaar);
    const base = {
      pharmacyContactPerson: 'P. de Vries',
      discovererComplaint: 'Pharmacy',
      natureComplaint: 'Other',
      startSwallowDate: '2026-01-05',
    };
    expect(schema.safeParse(base).success).toBe(true);
    const missingMedication = { ...base, natureComplaint: 'MissingMedication' };
    expect(messagesAt(schema, missingMedication, 'patientId')).toEqual(['Patient is verplicht']);
    expect(messagesAt(schema, missingMedication, 'medicine')).toEqual(['Geneesmiddel is verplicht']);
    expect(messagesAt(schema, { ...base, startSwallowDate: '' }, 'startSwallowDate')).toEqual(['Startslikdatum is verplicht']);
  });
});

describe('patient search and queries', () => {
  it('needs two typed characters', () => {
    const schema = bodyOf(calls.patient.searchPatients);
    expect(schema.safeParse({ search: 'Ja' }).success).toBe(true);
    expect(messagesAt(schema, { search: ' J ' }, 'search')).toEqual(['Typ minimaal 2 tekens']);
  });
  it('coerces numeric query parameters and words bad ones in Dutch', () => {
    const schema = queryOf(calls.pharmacist.deletePharmacistById);
    expect(schema.parse({ Id: '12' })).toEqual({ Id: 12 });
    expect(messagesAt(schema, {}, 'Id')).toEqual(['Dit veld is verplicht']);
    expect(messagesAt(schema, { Id: 'abc' }, 'Id')).toEqual(['Ongeldige waarde']);
    expect(messagesAt(schema, { Id: '0' }, 'Id')).toEqual(['Ongeldige waarde']);
  });
  it('takes an upload without a purpose (the spec has none: the bytes decide), and only known purposes', () => {
    expect(queryOf(calls.file.uploadFile).parse({})).toEqual({});
    expect(queryOf(calls.file.uploadFile).parse({ purpose: 'Photo' })).toEqual({ purpose: 'Photo' });
    expect(queryOf(calls.file.uploadFile).safeParse({ purpose: 'Virus' }).success).toBe(false);
  });
  it('needs at least one order row, each of 1 to 999', () => {
    const schema = bodyOf(calls.serviceProductOrder.addServiceProductOrder);
    expect(schema.safeParse({ orderRows: [{ serviceProductId: 3, amount: 2 }] }).success).toBe(true);
    expect(schema.safeParse({ orderRows: [] }).success).toBe(false);
    expect(schema.safeParse({ orderRows: [{ serviceProductId: 3, amount: 1000 }] }).success).toBe(false);
  });
});

describe('deployment profile', () => {
  it('leaves out an odd quality contact of another server instead of refusing the whole profile', () => {
    const base = { name: 'apeldoorn', showCalendar: true, imperfectionVariants: ['Apeldoorn'] };
    expect(deploymentProfile.parse({ ...base, qualityContact: 'bel ons' })).toEqual(base);
    expect(deploymentProfile.parse({ ...base, qualityContact: { phone: '055 1', email: 'k@x.nl' } }).qualityContact).toEqual({
      phone: '055 1',
      email: 'k@x.nl',
    });
  });
});
