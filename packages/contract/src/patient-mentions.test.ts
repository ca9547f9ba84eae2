import { describe, expect, it } from 'vitest';
import { mentionablePatient, patientMentions } from './patient-mentions.js';

const jan = mentionablePatient({ patientName: 'Jan de Vries', birthDate: '1937-09-05' });

describe('patientMentions', () => {
  it('finds the full name with or without the prefix, case, accents and punctuation aside', () => {
    expect(patientMentions('Het gaat om Jan de Vries.', jan)).toEqual(['Jan de Vries']);
    expect(patientMentions('de rol van JAN VRIES komt morgen', jan)).toEqual(['Jan de Vries']);
    expect(patientMentions('Mevrouw Jän  de-Vriës, afdeling Zon', jan)).toEqual(['Jan de Vries']);
    const noor = mentionablePatient({ patientName: 'Noor van ’t Hof', birthDate: null });
    expect(patientMentions("Voor Noor van 't Hof en Noor Hof", noor)).toEqual(['Noor van ’t Hof']);
  });

  it('finds the birth date in the common Dutch notations', () => {
    for (const text of ['geboren 1937-09-05', '5-9-1937', '05-09-1937', '05/09/1937', '5.9.37', '5 september 1937', '5 Sept. 1937', '05 sep 1937']) {
      expect(patientMentions(`Patiënt ${text}, graag terugbellen`, jan), text).toHaveLength(1);
    }
    expect(patientMentions('Jan de Vries (5 september 1937)', jan)).toEqual(['Jan de Vries', '5 september 1937']);
  });

  it('leaves other names and dates alone', () => {
    for (const text of [
      'Jan de Vriesman belde',
      'Jan belde over de levering',
      'Vries',
      '15-9-1937',
      '5-9-19370',
      '2026-09-05',
      '5 oktober 1937',
      'referentie AAN-2026-000005',
    ]) {
      expect(patientMentions(text, jan), text).toEqual([]);
    }
  });
});
