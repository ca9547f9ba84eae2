/**
 * What a box for a number of at most `maxDigits` digits holds after an edit (a keystroke, a paste, a drop): the
 * edited text when it is digits only (blanks around it dropped, as a copied spreadsheet cell brings a line break
 * along), otherwise what the box held. So a letter or one digit too many does not go in, typed or pasted, and a
 * paste is never cut to fit: pasting "1000" or "1,5" leaves the box as it was instead of making it 100 or 15.
 */
export function digitsEdit(before: string, edited: string, maxDigits: number): string {
  const text = edited.trim();
  return text.length <= maxDigits && /^\d*$/.test(text) ? text : before;
}
