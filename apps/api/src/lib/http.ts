import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemDocument, type CallDefinition, type ParsedBodyOf, type ResponseOf } from '@portal/contract';

export interface CallRequest<C extends CallDefinition> {
  body: ParsedBodyOf<C>;
  query: C['query'] extends z.ZodType ? z.output<C['query']> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallDefinition> = (input: CallRequest<C>) => Promise<HandlerResult<C>>;
type HandlerResult<C extends CallDefinition> = C['response'] extends 'file'
  ? { fileName: string; contentType: string; body: Buffer }
  : ResponseOf<C>;

/** Query parameters are matched without regard to case, as an ASP.NET server does. */
function canonicalQuery(schema: z.ZodType | undefined) {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  const byLower = new Map(Object.keys(shape).map((key) => [key.toLowerCase(), key]));
  return (query: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) out[byLower.get(key.toLowerCase()) ?? key] = value;
    return out;
  };
}

/** `attachment; filename="..."; filename*=UTF-8''...` with a name that is safe in any header and file system. */
export function contentDisposition(fileName: string): string {
  const safe = fileName.replace(/[^\w.\- ]+/g, '_').replace(/^\.+/, '').slice(0, 150) || 'download';
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * Registers the route of one contract call: its method and path, its request and response schemas (which
 * both validate and document), bearer authentication when the call needs it, and the answer's shape.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  options: { config?: RouteShorthandOptions['config']; preHandler?: RouteShorthandOptions['preHandler'] } = {},
) {
  const normalise = canonicalQuery(call.query);
  const response: Record<number, z.ZodType> = {};
  if (call.response === 'empty') response[204] = z.null().describe('No content');
  else if (call.response !== 'file') response[200] = call.response as z.ZodType;
  for (const status of [400, 401, 403, 404, 409, 429]) response[status] = problemDocument;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: options.config,
    schema: {
      summary: call.summary,
      tags: [call.controller],
      ...(call.auth ? { security: [{ bearer: [] }] } : {}),
      ...(call.body && !call.multipart ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      response,
    },
    // The bearer token is checked first, before the body is read or validated: a call without a valid token
    // answers 401, whatever its body.
    onRequest: async (request) => {
      if (call.query && request.query && typeof request.query === 'object') {
        request.query = normalise(request.query as Record<string, unknown>);
      }
      if (call.auth) await app.requireAuth(request);
    },
    preHandler: options.preHandler,
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as ParsedBodyOf<C>,
        query: request.query as CallRequest<C>['query'],
        request,
        reply,
      });
      if (call.response === 'empty') return reply.code(204).send();
      if (call.response === 'file') {
        const file = result as { fileName: string; contentType: string; body: Buffer };
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.body);
      }
      return reply.code(200).send(result);
    },
  });
}
