import { calls } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readLeniently } from './lenient';

describe('readLeniently', () => {
  it('takes an answer that matches the contract as it is', () => {
    expect(readLeniently(z.object({ a: z.string() }), { a: 'x' })).toEqual({ ok: true, data: { a: 'x' } });
  });

  it('repairs field by field: codes as numbers, numbers as text, booleans as text, missing fields empty', () => {
    const schema = z.object({ code: z.string(), count: z.int(), active: z.boolean(), note: z.string().nullable(), kind: z.enum(['Pdf', 'Excel']) });
    expect(readLeniently(schema, { code: 123, count: '7', active: 'true', kind: 'pdf', unknown: 1 })).toEqual({
      ok: true,
      data: { code: '123', count: 7, active: true, note: null, kind: 'Pdf' },
    });
  });

  it('keeps the good rows of a list when one row is odd', () => {
    const answer = { total: 2, items: [{ facility: 'Afdeling A', patientCount: 3 }, { facility: 4, patientCount: 'veel' }] };
    const read = readLeniently(calls.packingOrder.getOrderFulfillmentsTable.response as z.ZodType, answer);
    expect(read.ok).toBe(true);
    const items = (read as { data: { items: { facility: string; patientCount: number }[] } }).data.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ facility: 'Afdeling A', patientCount: 3 });
    expect(items[1]!.facility).toBe('4');
    expect(items[1]!.patientCount).toBeNaN();
  });

  it('takes the text itself for an answer of one text field (the contact details "returns text")', () => {
    expect(readLeniently(calls.contactDetails.get.response as z.ZodType, 'Bel ons op 0512-123456')).toEqual({
      ok: true,
      data: { text: 'Bel ons op 0512-123456' },
    });
  });

  it('refuses what is not the answer at all', () => {
    expect(readLeniently(z.array(z.object({ a: z.string() })), { error: 'x' })).toEqual({ ok: false });
    expect(readLeniently(z.object({ a: z.string() }), undefined)).toEqual({ ok: false });
    expect(readLeniently(z.object({ a: z.string(), b: z.int() }), 'tekst')).toEqual({ ok: false });
  });
});
