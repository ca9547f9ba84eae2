import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@portal/contract';
import { registerCall } from './http.js';
import { errorHandler } from './problems.js';

const thing = z.object({ key: z.string() });
const calls = {
  rows: defineCall({
    controller: 'things',
    action: 'Send',
    method: 'POST',
    auth: false,
    path: '/kernel/things/{group}/{number}',
    params: z.object({ group: z.enum(['red', 'blue']), number: z.coerce.number().int().min(1) }),
    stream: { rows: thing },
    response: z.object({ group: z.string(), number: z.number(), text: z.string() }),
    summary: 'Rows streamed in',
  }),
  listed: defineCall({
    controller: 'things',
    action: 'List',
    method: 'GET',
    auth: false,
    path: '/kernel/things',
    response: thing,
    answer: 'ndjson',
    summary: 'Rows streamed out',
  }),
};

/** A door's scope as the integration door has it: bodies handed over unparsed. */
let app: FastifyInstance;
/** No door's guard: the calls under test are the kernel's routes alone. */
const open = { guard: async () => undefined };

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerCall(scope, calls.rows, async ({ body, params }) => {
      let text = '';
      for await (const chunk of body) text += String(chunk);
      return { ...params, text };
    }, open);
    registerCall(scope, calls.listed, async () => Readable.from(['{"key":"a"}\n', '{"key":"b"}\n']), open);
  });
});
afterAll(() => app.close());

const send = (path: string, contentType: string) =>
  app.inject({ method: 'POST', url: `/kernel/things/${path}`, headers: { 'content-type': contentType }, payload: '{"key":"a"}\n{"key":"b"}\n' });

describe('a call of the kernel with path parameters, a streamed body or a streamed answer', () => {
  it('hands the handler its parameters, validated and typed, and the body as it streamed in', async () => {
    const answer = await send('red/7', 'application/x-ndjson');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ group: 'red', number: 7, text: '{"key":"a"}\n{"key":"b"}\n' });
  });

  it('refuses parameters its schema refuses with a 400 problem naming them', async () => {
    const answer = await send('green/0', 'application/x-ndjson');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys((answer.json() as { errors: Record<string, string[]> }).errors).sort()).toEqual(['group', 'number']);
  });

  it('refuses rows in another media type with a 415 problem before reading them', async () => {
    const answer = await send('blue/1', 'text/csv');
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({ status: 415, title: expect.stringContaining('application/x-ndjson') });
  });

  it('answers a streamed answer as NDJSON', async () => {
    const answer = await app.inject({ method: 'GET', url: '/kernel/things' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/x-ndjson');
    expect(answer.body).toBe('{"key":"a"}\n{"key":"b"}\n');
  });
});
