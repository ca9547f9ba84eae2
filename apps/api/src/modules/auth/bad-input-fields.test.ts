/**
 * Bad input in the fields of every Authentication/* and Account/* call with a body: whatever a client sends,
 * the answer is a 400 problem document with the spec's Dutch message under the field; never a 5xx, a stack
 * trace or an English framework text.
 */
import { describe, expect, it } from 'vitest';
import { validation as v } from '@portal/contract';
import { expectProblem } from '../../test/auth-helpers.js';
import { badInputContext, bodyCalls, validBody, wrongTypes } from './bad-input-cases.js';

const { send } = badInputContext();

for (const c of bodyCalls) {
  describe(c.name, () => {
    const { base } = c;
    if ('title' in base) {
      it(`the valid body used as the base of these cases fails on its merits only: ${base.status} '${base.title}'`, async () => {
        const res = await send(c.def, { body: validBody(c) });
        const doc = expectProblem(res, base.status, base.title);
        expect(doc.errors, res.body).toEqual(base.errors);
        expect(doc.title).not.toBe(v.required);
      });
    } else {
      it(`accepts the valid body used as the base of these cases: ${base.status}`, async () => {
        const res = await send(c.def, { body: validBody(c) });
        expect(res.statusCode, res.body).toBe(base.status);
        expect(res.body).toBe(base.body);
      });
    }

    for (const [field, spec] of Object.entries(c.fields)) {
      if (!spec.optional) {
        it(`missing ${field} → 400 '${spec.required}'`, async () => {
          const body = validBody(c);
          delete body[field];
          const doc = expectProblem(await send(c.def, { body }), 400);
          expect(doc.errors?.[field]).toEqual([spec.required]);
        });

        it(`empty ${field} → 400 '${spec.required}'`, async () => {
          const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: '' } }), 400);
          expect(doc.errors?.[field]).toEqual([spec.required]);
        });
      } else {
        it(`${field} may be absent or null: the answer is the valid body's`, async () => {
          const body = validBody(c);
          delete body[field];
          for (const candidate of [body, { ...body, [field]: null }]) {
            const res = await send(c.def, { body: candidate });
            expect(res.statusCode, res.body).toBe(base.status);
            expect(res.json<{ errors?: Record<string, unknown> }>().errors?.[field]).toBeUndefined();
          }
        });
      }

      for (const [label, value] of wrongTypes) {
        if (spec.optional && value === null) continue;
        it(`${field} as ${label} → 400 under ${field}`, async () => {
          const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: value } }), 400);
          expect(doc.errors?.[field]?.length, JSON.stringify(doc)).toBeGreaterThan(0);
        });
      }

      it(`${field} of 10,000 characters → 400 under ${field}`, async () => {
        const doc = expectProblem(await send(c.def, { body: { ...validBody(c), [field]: 'A1a'.repeat(3334) } }), 400);
        expect(doc.errors?.[field]?.length, JSON.stringify(doc)).toBeGreaterThan(0);
      });
    }

    it('every string field at 10,000 characters at once → 400, one entry per field', async () => {
      const body = Object.fromEntries(Object.keys(c.fields).map((key) => [key, 'x'.repeat(10_000)]));
      const doc = expectProblem(await send(c.def, { body }), 400);
      for (const field of Object.keys(c.fields)) expect(doc.errors?.[field], field).toBeDefined();
    });

    it("an unknown field → 400 'Onbekend veld' under that key", async () => {
      const doc = expectProblem(await send(c.def, { body: { ...validBody(c), isAdministrator: true } }), 400);
      expect(doc.errors).toEqual({ isAdministrator: [v.unknownField] });
      const two = expectProblem(await send(c.def, { body: { ...validBody(c), extra: 1, 'Nog een': 'x' } }), 400);
      expect(two.errors).toEqual({ extra: [v.unknownField], 'Nog een': [v.unknownField] });
    });

    it('field names are matched exactly (PascalCase is an unknown field)', async () => {
      const body = Object.fromEntries(
        Object.entries(validBody(c)).map(([key, value]) => [key.charAt(0).toUpperCase() + key.slice(1), value]),
      );
      const doc = expectProblem(await send(c.def, { body }), 400);
      expect(Object.values(doc.errors ?? {}).flat()).toContain(v.unknownField);
    });
  });
}
