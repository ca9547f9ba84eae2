import { z } from 'zod';
import type { CallDefinition, StaffRole } from '@portal/contract';

export interface DocumentedCall {
  call: CallDefinition;
  /** the roles that may make it; null: no token (login, renewal, invitation) */
  roles: readonly StaffRole[] | null;
}

const schema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' });
const problem = { description: 'Problem document (RFC 9457), title in Dutch', content: { 'application/problem+json': {} } };

/**
 * The back-office door's own OpenAPI 3.1 document (architecture: each door documents itself), made from the
 * calls the door registered: their contract schemas and the roles allowed.
 */
export function backofficeOpenApi(calls: readonly DocumentedCall[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { call, roles } of calls) {
    const success =
      call.response === 'empty'
        ? { 204: { description: 'Gelukt, zonder inhoud' } }
        : call.response === 'file'
          ? { 200: { description: 'Een bestand', content: { 'application/octet-stream': {} } } }
          : { 200: { description: 'Gelukt', content: { 'application/json': { schema: schema(call.response, 'output') } } } };
    const operation = {
      summary: call.summary,
      tags: [call.controller],
      description: roles ? `Rollen: ${roles.join(', ')}` : 'Zonder token',
      ...(roles ? { security: [{ bearer: [] }] } : {}),
      ...(call.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(call.body, 'input') } } } } : {}),
      ...(call.query ? { parameters: queryParameters(call.query) } : {}),
      responses: { ...success, 400: problem, 401: problem, 403: problem, 404: problem, 429: problem, 503: problem },
    };
    (paths[call.path] ??= {})[call.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mijn Spits Beheer API',
      version: '1.0.0',
      description:
        'The back-office door for the provider’s staff: /api/backoffice/<Controller>/<Action>. Bearer tokens of audience ' +
        '`backoffice` from Auth/Login (two-factor login required); a portal or integration token is refused.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

function queryParameters(query: z.ZodType) {
  const shape = query instanceof z.ZodObject ? (query.shape as Record<string, z.ZodType>) : {};
  return Object.entries(shape).map(([name, type]) => ({ name, in: 'query', required: false, schema: schema(type, 'input') }));
}
