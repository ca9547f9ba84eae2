import { describe, expect, it } from 'vitest';
import { canBeHalvedText, readsAsNotHalvable, servedSplitDescription } from './calls/exports.js';

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

describe("the description as the spec's wire serves it", () => {
  it("carries the marker exactly when the provider said no", () => {
    expect(servedSplitDescription('Niet delen', false)).toBe('ERROR Niet delen');
    expect(servedSplitDescription('ERROR: geen breukgleuf', false)).toBe('ERROR: geen breukgleuf');
    expect(servedSplitDescription('ERROR: oude tekst', true)).toBe('oude tekst');
    expect(servedSplitDescription('Niet delen', null)).toBe('Niet delen');
    for (const [text, halvable] of [['Niet delen', false], ['ERROR', true], ['', false], ['Breukgleuf', true]] as const) {
      expect(canBeHalvedText(servedSplitDescription(text, halvable))).toBe(halvable ? 'Ja' : 'Nee');
    }
  });

  it('knows a description that reads as a refusal without the marker', () => {
    expect(readsAsNotHalvable('Niet delen')).toBe(true);
    expect(readsAsNotHalvable('geen breukgleuf')).toBe(true);
    expect(readsAsNotHalvable('ERROR: niet delen')).toBe(false);
    expect(readsAsNotHalvable('Breukgleuf')).toBe(false);
  });
});
