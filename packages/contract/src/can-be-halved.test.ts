import { describe, expect, it } from 'vitest';
import { canBeHalvedText } from './calls/exports.js';

describe('Kan gehalveerd', () => {
  it('is Nee when the split description contains ERROR', () => {
    expect(canBeHalvedText('ERROR')).toBe('Nee');
    expect(canBeHalvedText('ERROR: tablet heeft geen breukgleuf')).toBe('Nee');
    expect(canBeHalvedText('SPLIT_ERROR')).toBe('Nee');
    expect(canBeHalvedText('Error')).toBe('Nee');
  });

  it('is Ja otherwise, also when there is no description', () => {
    expect(canBeHalvedText('Breukgleuf, deelbaar in gelijke doses')).toBe('Ja');
    expect(canBeHalvedText('Deelbaar')).toBe('Ja');
    expect(canBeHalvedText('')).toBe('Ja');
    expect(canBeHalvedText(null)).toBe('Ja');
  });
});
