import { describe, expect, it } from 'vitest';
import { fillSavedReply, saveSavedReply, savedRepliesFor, unknownPlaceholders, type SavedReply } from './saved-replies.js';

describe('fillSavedReply', () => {
  it('fills in every placeholder, each as often as it stands', () => {
    const text = 'Beste {naam},\n\nUw aanvraag {referentie} voor {klant} is verwerkt. ({referentie})\n\nMet vriendelijke groet,\n{medewerker}';
    expect(fillSavedReply(text, { klant: 'Apotheek De Linde', referentie: 'AAN-2026-000012', naam: 'Anna de Vries', medewerker: 'Bram Bakker' })).toBe(
      'Beste Anna de Vries,\n\nUw aanvraag AAN-2026-000012 voor Apotheek De Linde is verwerkt. (AAN-2026-000012)\n\nMet vriendelijke groet,\nBram Bakker',
    );
  });

  it('leaves a placeholder without a value standing, and other braces alone', () => {
    expect(fillSavedReply('Beste {naam}, zie {bijlage} en {}', { naam: null, klant: 'X' })).toBe('Beste {naam}, zie {bijlage} en {}');
    expect(fillSavedReply('Beste {naam}', { naam: '  ' })).toBe('Beste {naam}');
  });
});

describe('saveSavedReply', () => {
  const valid = { name: 'Ontvangen', kinds: null, subject: 'Uw aanvraag {referentie}', text: 'Beste {naam}' };

  it('names an unknown placeholder at its field', () => {
    expect(unknownPlaceholders('{klant} {klantnaam}')).toEqual(['klantnaam']);
    const result = saveSavedReply.safeParse({ ...valid, text: 'Beste {klantnaam}' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['text', 'Onbekende invulplek {klantnaam}; gebruik {klant}, {referentie}, {naam}, {medewerker}'],
    ]);
  });

  it('asks for at least one kind, or null for every kind', () => {
    expect(saveSavedReply.safeParse(valid).success).toBe(true);
    expect(saveSavedReply.safeParse({ ...valid, kinds: [] }).error?.issues[0]?.message).toBe('Kies ten minste één soort, of kies Alle soorten');
    expect(saveSavedReply.safeParse({ ...valid, kinds: ['Nope'] }).success).toBe(false);
  });
});

describe('savedRepliesFor', () => {
  it('offers the replies for the kind and those for every kind', () => {
    const replies: SavedReply[] = [
      { id: 1, name: 'Alle', kinds: null, subject: 's', text: 't' },
      { id: 2, name: 'Vraag', kinds: ['NonFaqQuestion'], subject: 's', text: 't' },
      { id: 3, name: 'Melding', kinds: ['Imperfection', 'ImperfectionAlkmaar'], subject: 's', text: 't' },
    ];
    expect(savedRepliesFor(replies, 'NonFaqQuestion').map((r) => r.id)).toEqual([1, 2]);
    expect(savedRepliesFor(replies, 'ImperfectionAlkmaar').map((r) => r.id)).toEqual([1, 3]);
  });
});
