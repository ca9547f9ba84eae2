import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-terms.js';

describe('search terms', () => {
  it.each([
    ['3-4-1950', { kind: 'date', date: '1950-04-03' }],
    ['03-04-1950', { kind: 'date', date: '1950-04-03' }],
    ['1950-04-03', { kind: 'date', date: '1950-04-03' }],
    ['3/4/1950', { kind: 'date', date: '1950-04-03' }],
    ['03.04.1950', { kind: 'date', date: '1950-04-03' }],
    ['1950/4/3', { kind: 'date', date: '1950-04-03' }],
    ['03-04', { kind: 'dayMonth', day: 3, month: 4 }],
    ['3.4.', { kind: 'dayMonth', day: 3, month: 4 }],
    ['29-02', { kind: 'dayMonth', day: 29, month: 2 }],
    ['1950', { kind: 'year', year: 1950 }],
    ['31-02-1950', { kind: 'impossible' }],
    ['13-13', { kind: 'impossible' }],
    ['12-', { kind: 'impossible' }],
    ['jansen', { kind: 'name', text: 'jansen' }],
    ['12', { kind: 'name', text: '12' }],
  ])('reads %s', (text, term) => {
    expect(searchTerms(text)).toEqual([term]);
  });

  it('splits on spaces and commas', () => {
    expect(searchTerms(' Jansen,  Jan 1950 ')).toEqual([
      { kind: 'name', text: 'Jansen' },
      { kind: 'name', text: 'Jan' },
      { kind: 'year', year: 1950 },
    ]);
  });
});
