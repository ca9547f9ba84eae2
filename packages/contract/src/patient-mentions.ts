/**
 * Whether a text names a patient (issue 30.3): what the back-office's answer form warns of, and what the API's
 * tests look for in every mail the portal sends. A patient is named by the full name (with or without the name's
 * prefix) or by the birth date as people write it in Dutch; case, accents and punctuation aside. A name written
 * otherwise (initials, a nickname) is not found: this catches the slip, not the intent.
 */

export interface MentionablePatient {
  /** the ways the full name is written: 'Jan de Vries' and 'Jan Vries' */
  names: readonly string[];
  /** YYYY-MM-DD */
  birthDate: string | null;
}

/** The name's prefixes (tussenvoegsels) that people leave out: 'Jan de Vries' is also called 'Jan Vries'. */
const namePrefixWords = new Set(['van', 'de', 'der', 'den', 'het', 't', 'ter', 'ten', 'te', 'in', 'op', 'aan', 'uit', 'la', 'le', 'du', 'da', 'di', 'el', 'l', 'd', 'vd', 'v']);

/** Lowercase words without accents, one space apart: 'Van ’t  Höfte-Dijk' → 'van t hofte dijk'. */
export function foldWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A patient as the back-office's item shows it ('Jan de Vries', born '1937-09-05'): the full name, and the name
 * without the prefix words between the first and the last word.
 */
export function mentionablePatient(patient: { patientName: string; birthDate: string | null }): MentionablePatient {
  const words = foldWords(patient.patientName).split(' ');
  const bare = words.filter((word, i) => i === 0 || i === words.length - 1 || !namePrefixWords.has(word));
  return { names: [patient.patientName, bare.join(' ')], birthDate: patient.birthDate };
}

const monthWords: readonly (readonly string[])[] = [
  ['januari', 'jan'],
  ['februari', 'feb', 'febr'],
  ['maart', 'mrt', 'mar', 'maa'],
  ['april', 'apr'],
  ['mei'],
  ['juni', 'jun'],
  ['juli', 'jul'],
  ['augustus', 'aug'],
  ['september', 'sep', 'sept'],
  ['oktober', 'okt', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
];

/** 5 → '0?5': a day or month with or without its leading zero. */
const padded = (n: number) => (n < 10 ? `0?${n}` : String(n));

/**
 * The birth date in the notations people write: 1937-09-05, 5-9-1937, 05/09/1937, 05.09.37, 5 september 1937,
 * 5 sept. 1937. Not inside a longer number.
 */
function birthDatePattern(isoDate: string): RegExp | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [match[1]!, Number(match[2]), Number(match[3])];
  const sep = '\\s*[-/.]\\s*';
  const shortYear = `(?:${year}|${year.slice(2)})`;
  const months = monthWords[month - 1]!.join('|');
  const forms = [
    `${year}${sep}${padded(month)}${sep}${padded(day)}`,
    `${padded(day)}${sep}${padded(month)}${sep}${shortYear}`,
    `${padded(day)}\\s*(?:${months})\\.?\\s*,?\\s*${year}`,
  ];
  return new RegExp(`(?<!\\d)(?:${forms.join('|')})(?!\\d)`, 'i');
}

/**
 * What of the patient a text names: the full name (as the record writes it, whichever form was found) and the
 * birth date as the text writes it. Empty when it names neither.
 */
export function patientMentions(text: string, patient: MentionablePatient): string[] {
  const folded = ` ${foldWords(text)} `;
  const found: string[] = [];
  const named = patient.names.some((name) => {
    const words = foldWords(name);
    // A one-word name is not a full name: a first name alone names nobody in particular.
    return words.includes(' ') && folded.includes(` ${words} `);
  });
  if (named && patient.names[0]) found.push(patient.names[0]);
  const date = patient.birthDate ? birthDatePattern(patient.birthDate)?.exec(text.normalize('NFC')) : null;
  if (date) found.push(date[0].trim());
  return found;
}
