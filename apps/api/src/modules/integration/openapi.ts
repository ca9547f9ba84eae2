import { z } from 'zod';
import {
  importKinds,
  importRunSummary,
  integrationBasePath,
  integrationTokenResponse,
  reconciliation,
  deleteImportRow,
  type ImportKind,
} from '@portal/contract';

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

const schema = (type: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' });
const problem = { description: 'Problem document (RFC 9457)', content: { 'application/problem+json': { schema: { type: 'object' } } } };
const bearer = [{ integration: [] as string[] }];

function kindPaths(kind: ImportKind) {
  const row = schema(importKinds[kind].row, 'input');
  const example = rowExamples[kind];
  const scopeParameter = { name: 'customer', in: 'query', schema: { type: 'string' }, description: 'The customer code a snapshot is limited to (kinds of a customer).' };
  return {
    [`${integrationBasePath}/${kind}`]: {
      post: {
        summary: `Upsert ${importKinds[kind].label}`,
        description:
          'Rows keyed by your own keys: new ones are inserted, changed ones updated, identical ones left alone. One transaction per request. ' +
          'mode=snapshot also deletes what the snapshot lacks (for one customer: ?customer=<code>).',
        security: bearer,
        parameters: [
          { name: 'mode', in: 'query', schema: { type: 'string', enum: ['upsert', 'snapshot'], default: 'upsert' } },
          scopeParameter,
          { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 200 }, description: 'A retried request with the same key and body answers the first result.' },
        ],
        requestBody: {
          required: true,
          content: {
            'application/x-ndjson': { schema: row, example: `${JSON.stringify(example)}\n` },
            'application/json': { schema: { type: 'array', items: row }, example: [example] },
          },
        },
        responses: { 200: { description: 'What happened to the rows', content: { 'application/json': { schema: schema(importRunSummary) } } }, 400: problem, 401: problem, 403: problem, 409: problem, 415: problem, 422: problem },
      },
    },
    [`${integrationBasePath}/${kind}/delete`]: {
      post: {
        summary: `Delete ${importKinds[kind].label} by key`,
        security: bearer,
        requestBody: { required: true, content: { 'application/x-ndjson': { schema: schema(deleteImportRow, 'input') }, 'application/json': { schema: { type: 'array', items: schema(deleteImportRow, 'input') } } } },
        responses: { 200: { description: 'Deleted and refused rows', content: { 'application/json': { schema: schema(importRunSummary) } } }, 401: problem, 403: problem, 422: problem },
      },
    },
    [`${integrationBasePath}/${kind}/reconciliation`]: {
      get: {
        summary: `What the portal holds of ${importKinds[kind].label}`,
        security: bearer,
        parameters: [scopeParameter],
        responses: { 200: { description: 'Count and checksum', content: { 'application/json': { schema: schema(reconciliation) } } }, 401: problem, 403: problem, 422: problem },
      },
    },
  };
}

/** The integration door's own OpenAPI 3.1 document, generated from the contract's row schemas. */
export function integrationOpenApi(_calls?: unknown) {
  const paths = Object.assign(
    {
      [`${integrationBasePath}/token`]: {
        post: {
          summary: 'An access token (OAuth 2.0 client credentials, RFC 6749 §4.4)',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['grant_type'],
                  properties: { grant_type: { const: 'client_credentials' }, client_id: { type: 'string' }, client_secret: { type: 'string' }, scope: { type: 'string' } },
                },
              },
            },
          },
          responses: { 200: { description: 'The token', content: { 'application/json': { schema: schema(integrationTokenResponse) } } }, 400: { description: 'RFC 6749 §5.2 error' }, 401: { description: 'invalid_client' }, 429: { ...problem, description: 'Too many failed requests of this client id or address: wait Retry-After seconds' } },
        },
      },
      [`${integrationBasePath}/invoices/{customer}/{key}/files/{fileType}`]: {
        put: {
          summary: "The provider's own file of an invoice (PDF or XLSX), served to the customer instead of the rendered one",
          security: bearer,
          requestBody: { required: true, content: { 'application/pdf': {}, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {} } },
          responses: { 200: { description: 'Stored' }, 404: problem, 413: problem, 415: problem },
        },
        delete: { summary: 'Remove the provider file: the portal renders the file again', security: bearer, responses: { 204: { description: 'Removed' }, 404: problem } },
      },
      [`${integrationBasePath}/import-runs`]: {
        get: { summary: "The client's import runs, newest first", security: bearer, parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 200 } }, { name: 'before', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'Runs' } } },
      },
      [`${integrationBasePath}/import-runs/{id}`]: { get: { summary: 'One run with its first 1,000 rejected rows', security: bearer, responses: { 200: { description: 'The run', content: { 'application/json': { schema: schema(importRunSummary) } } }, 404: problem } } },
      [`${integrationBasePath}/import-runs/{id}/rejections`]: { get: { summary: 'Every rejected row of a run (kept 30 days), as NDJSON', security: bearer, responses: { 200: { description: 'NDJSON', content: { 'application/x-ndjson': {} } }, 404: problem } } },
    },
    ...Object.keys(importKinds).map((kind) => kindPaths(kind as ImportKind)),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mijn Spits integration API',
      version: '1.0.0',
      description: "The provider's systems (ERP, packing lines, invoicing) send their data here. See docs/integration.md for a walk-through from token to reconciliation.",
    },
    components: { securitySchemes: { integration: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${integrationBasePath}/token`, scopes: Object.fromEntries(Object.entries(importKinds).map(([k, v]) => [k, `write and reconcile ${v.label}`])) } } } } },
    paths,
  };
}
