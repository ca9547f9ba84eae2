import { describe, expect, it } from 'vitest';
import { stubObjectUrls } from './object-urls';

describe('stubObjectUrls', () => {
  it("counts only its own test's revocations: an earlier test's delayed one is not this test's", () => {
    const earlier = stubObjectUrls();
    const left = URL.createObjectURL(new File(['a'], 'a.pdf'));
    const now = stubObjectUrls();
    const mine = URL.createObjectURL(new File(['b'], 'b.pdf'));
    URL.revokeObjectURL(left);
    URL.revokeObjectURL(mine);
    expect(left).not.toBe(mine);
    expect(now.revoked).toEqual([mine]);
    expect(earlier.revoked).toEqual([]);
  });
});
