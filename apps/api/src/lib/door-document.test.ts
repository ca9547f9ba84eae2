import { describe, expect, it } from 'vitest';
import {
  backofficeAuditCalls,
  backofficeAuthCalls,
  backofficeContentCalls,
  backofficeCustomerCalls,
  backofficeInboxCalls,
  backofficeStaffCalls,
  staffRole,
  type CallDefinition,
} from '@portal/contract';
import { backofficeOpenApi } from '../modules/backoffice/openapi.js';
import { doorDocument, type DocumentOptions } from './door-document.js';

/** The back-office door's document as the kernel's builder makes it. */
const backoffice: DocumentOptions = {
  info: {
    title: 'Mijn Spits Beheer API',
    version: '1.0.0',
    description:
      'The back-office door for the provider’s staff: /api/backoffice/<Controller>/<Action>. Bearer tokens of audience ' +
      '`backoffice` from Auth/Login (two-factor login required); a portal or integration token is refused.',
  },
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  security: (roles) => (roles ? [{ bearer: [] }] : undefined),
  describe: (_call, roles) => (roles ? `Rollen: ${roles.join(', ')}` : 'Zonder token'),
  statuses: () => [400, 401, 403, 404, 429, 503],
  problem: { description: 'Problem document (RFC 9457), title in Dutch', content: { 'application/problem+json': {} } },
};

describe('the door kernel’s document builder', () => {
  it('makes the back-office door’s document byte for byte, for every back-office call with or without roles', () => {
    const groups = [backofficeAuthCalls, backofficeStaffCalls, backofficeAuditCalls, backofficeInboxCalls, backofficeContentCalls, backofficeCustomerCalls];
    const calls = groups.flatMap((group) => Object.values(group) as CallDefinition[]);
    const documented = calls.map((call, index) => ({ call, roles: index % 5 === 0 ? null : (call.roles as never) ?? staffRole.options }));
    expect(JSON.stringify(doorDocument(documented, backoffice))).toBe(JSON.stringify(backofficeOpenApi(documented)));
  });
});
