import { importKinds, integrationBasePath, type ImportKind } from '@portal/contract';
import { doorDocument, type DocumentedCall, type DocumentOptions } from '../../lib/door-document.js';

/** One row of each kind as a provider's system would send it: the examples of the document. */
export const rowExamples: Record<ImportKind, Record<string, unknown>> = {
  customers: { code: 'ZRG-9002', name: 'Zorggroep Het Baken', kind: 'CareInstitution', site: 'oosterwolde', version: '2026-11-01T08:00' },
  departments: {
    customer: 'ZRG-9002',
    key: 'BAK-ZON',
    name: 'Afdeling Zonnebloem',
    deliverySchedules: [{ shipmentDay: 1, shipmentTime: '07:30', arrivalDay: 2, arrivalTime: '09:00' }],
  },
  patients: { customer: 'ZRG-9002', key: 'P-100001', department: 'BAK-ZON', firstName: 'Geertruida', namePrefix: 'van der', lastName: 'Meulen', birthDate: '1936-03-12' },
  products: {
    key: 'ART-PARA500',
    ziNumber: '14325950',
    gpk: '2194',
    hpk: '1044725',
    longName: 'Paracetamol tablet 500mg',
    dtaDescription: 'Wit, rond, breukstreep',
    splitDescription: 'Deelbaar',
    packaging: 'Blister 20 stuks',
  },
  assortment: { customer: 'ZRG-9002', product: 'ART-PARA500' },
  'packing-orders': { customer: 'ZRG-9002', key: 'PO-2026-48-001', department: 'BAK-ZON', patientCount: 2, bagCount: 196, status: 'InProduction', statusText: 'In productie, lijn 2', orderDate: '2026-11-23' },
  invoices: {
    customer: 'ZRG-9002',
    key: 'F-2026-10-9002',
    processedMonth: '2026-10-01',
    amount: 1209.91,
    lines: [{ department: 'BAK-ZON', description: 'Medicatierollen oktober', quantity: 62, unitPrice: 14.25, vatRate: 9 }],
  },
};

const upsertDescription =
  'Rows keyed by your own keys: new ones are inserted, changed ones updated, identical ones left alone. One transaction per request. ' +
  'mode=snapshot also deletes what the snapshot lacks (for one customer: ?customer=<code>).';

/** The integration door's document, by the kernel's builder: an OAuth client's scopes instead of roles. */
const options: DocumentOptions = {
  info: {
    title: 'Mijn Spits integration API',
    version: '1.0.0',
    description: "The provider's systems (ERP, packing lines, invoicing) send their data here. See docs/integration.md for a walk-through from token to reconciliation.",
  },
  securitySchemes: {
    integration: {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: `${integrationBasePath}/token`, scopes: Object.fromEntries(Object.entries(importKinds).map(([k, v]) => [k, `write and reconcile ${v.label}`])) } },
    },
  },
  security: (roles) => (roles ? [{ integration: [...roles] }] : undefined),
  describe: (call) => (call.action === 'Upsert' ? upsertDescription : undefined),
  statuses: (call) => [400, 401, 403, 404, 429, 503, ...(call.extraStatuses ?? [])],
  problem: { description: 'Problem document (RFC 9457)', content: { 'application/problem+json': { schema: { type: 'object' } } } },
  rowExample: (call) => (call.action === 'Upsert' ? rowExamples[call.controller as ImportKind] : undefined),
  idempotencyHeader: true,
};

/** The integration door's own OpenAPI 3.1 document, from the calls it registered and the contract's row schemas. */
export function integrationOpenApi(calls: readonly DocumentedCall[]) {
  return doorDocument(calls, options);
}
