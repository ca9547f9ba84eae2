import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls, calls } from '@portal/contract';
import { answerSerializerCompiler, checkAnswers } from './answer-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/api/portal/Test/Call', httpStatus: '200' });
const built = answerSerializerCompiler(false);
const unbuilt = answerSerializerCompiler(true);
const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

describe('the answer serializer', () => {
  it('does not check an answer against its schema in the built server', () => {
    // zod's encode refuses this answer (a 500); the built server sends it as its handler made it.
    const schema = z.object({ code: z.string().min(5), count: z.int() });
    expect(built(route(schema))({ code: 'ab', count: 1.5 })).toBe('{"code":"ab","count":1.5}');
    expect(() => unbuilt(route(schema))({ code: 'ab', count: 1.5 })).toThrow();
  });

  it('gives the text of zod encode: declared keys only, in the order of the schema', () => {
    const schema = calls.packingOrder.getOrderFulfillmentsTable.response;
    const answer = {
      items: [
        { orderDate: '2026-11-02', facility: 'Afdeling "Duin"\n', extra: 'not declared', bagCount: 14, patientCount: 3, reelStatusText: 'Gereed' },
        { facility: 'Zuid', patientCount: 0, bagCount: 0, reelStatusText: 'In productie', orderDate: '2026-11-01' },
      ],
      total: 2,
      internal: { secret: true },
    };
    expect(built(route(schema))(answer)).toBe(zodText(schema, answer));
    expect(unbuilt(route(schema))(answer)).toBe(zodText(schema, answer));
    expect(built(route(schema))(answer)).not.toContain('extra');
  });

  it('leaves to zod what it does not shape itself: unions, defaults, strings it rewrites, strict and loose objects', () => {
    const schema = z.object({
      kind: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      trimmed: z.string().trim().toLowerCase(),
      withDefault: z.string().default('x'),
      loose: z.looseObject({ k: z.string() }),
      strict: z.strictObject({ k: z.string() }).nullable(),
      list: z.array(z.object({ n: z.int().nullable(), o: z.string().optional() })),
    });
    const answer = { kind: { b: 2, c: 3 }, trimmed: ' AB ', withDefault: 'y', loose: { k: 'v', more: 1 }, strict: null, list: [{ n: null, o: undefined, p: 1 }] };
    expect(built(route(schema))(answer)).toBe(zodText(schema, answer));
    expect(unbuilt(route(schema))(answer)).toBe(zodText(schema, answer));
  });

  it('compiles the answer of every call of the contract', () => {
    for (const call of allCalls) {
      if (call.response instanceof z.ZodType) expect(() => built(route(call.response as z.ZodType))).not.toThrow();
    }
  });

  it('checks every answer against the contract where the source runs unbuilt (the tests)', () => {
    expect(checkAnswers).toBe(true);
  });
});
