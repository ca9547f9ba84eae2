/**
 * CSV as Dutch Excel opens it: UTF-8 with a byte-order mark, semicolons, CRLF, fields quoted where needed
 * (RFC 4180). A field that a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) gets a
 * leading apostrophe, so that an exported value can never act (OWASP "CSV injection").
 */
export const CSV_BOM = '\uFEFF';

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number | boolean | null | undefined)[]) => `${fields.map(csvField).join(';')}\r\n`;
