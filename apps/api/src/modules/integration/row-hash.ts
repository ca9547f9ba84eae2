import { createHash } from 'node:crypto';

/**
 * A value in the canonical form of RFC 8785 (the JSON Canonicalization Scheme): object members sorted by their
 * names' UTF-16 code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them. Two
 * serialisations of one JSON value (members in another order, `1.50` for `1.5`, `\u00e9` for `é`) read the same.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    // Array.prototype.sort compares strings by UTF-16 code units, as RFC 8785 §3.2.3 sorts names.
    members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash a row is kept with (`import_hash`) and reconciled by: SHA-256 over the UTF-8 of the row as it was sent,
 * canonical. A sender computes the same from its own row, and a repeat of the same row changes nothing.
 */
export const rowHash = (row: unknown) => createHash('sha256').update(canonicalJson(row), 'utf8').digest('hex');
