import { doorDocument, type DocumentedCall, type DocumentOptions } from '../../lib/door-document.js';

/** What the back-office door's document says of itself; the kernel's builder makes the rest from its calls. */
const backofficeDocument: DocumentOptions = {
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

/** The back-office door's own OpenAPI 3.1 document, made from the calls the door registered and their roles. */
export const backofficeOpenApi = (calls: readonly DocumentedCall[]) => doorDocument(calls, backofficeDocument);
