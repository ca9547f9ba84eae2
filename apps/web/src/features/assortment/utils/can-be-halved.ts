/**
 * Column Kan gehalveerd (spec section 3): a product cannot be halved when its split description contains
 * the word ERROR. The marker is matched in any case, also inside a code such as `SPLIT_ERROR`.
 */
export function canBeHalved(splitDescription: string | null | undefined): boolean {
  return !/error/i.test(splitDescription ?? '');
}

export const canBeHalvedText = (splitDescription: string | null | undefined): 'Ja' | 'Nee' =>
  canBeHalved(splitDescription) ? 'Ja' : 'Nee';
