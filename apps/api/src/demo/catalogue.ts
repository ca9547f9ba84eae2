import { createRandom } from './random.js';
import { type Form, type Substance, formNames, substances, manufacturers, colours, shapes, packagesTablet } from './substances.js';

/**
 * The provider's product catalogue as the demo (and the large generator) make it: generic products (GPK:
 * substance, strength, form) with trade products of several manufacturers (HPK), each in one or more packages
 * (ZI number). Names, codes and appearances look like the Z-Index the provider uses, but are invented.
 */
export interface CatalogueProduct {
  longName: string;
  ziNumber: string;
  gpk: string;
  hpk: string;
  dtaDescription: string;
  splitDescription: string;
  packaging: string;
}


interface Generic {
  index: number;
  substance: Substance;
  strength: string;
  form: Form;
}

const generics: Generic[] = substances.flatMap((substance) =>
  substance.forms.flatMap((form) => substance.strengths.map((strength) => ({ substance, strength, form }))),
).map((g, index) => ({ ...g, index }));

/**
 * A bijection of [0, 2^bits): distinct inputs give distinct codes, and codes do not follow the catalogue's
 * order (so an assortment, a run of catalogue positions, is spread over the whole range of ZI numbers, as
 * real ones are). Xor-shifts and multiplications by odd constants modulo 2^bits, each invertible.
 */
export function scramble(value: number, bits: number): number {
  const mask = 2 ** bits - 1;
  let x = value & mask;
  for (const multiplier of [0x2c1b3d, 0x1d8e4b]) {
    x ^= x >>> Math.ceil(bits / 2);
    x = (x * multiplier) % 2 ** bits;
  }
  return (x ^ (x >>> Math.ceil(bits / 2))) & mask;
}

/** Eight digits, the last a check digit by the eleven-test (weights 7…1 of the body, remainder 10 becomes 0). */
export function ziNumber(body: number): string {
  const digits = String(body).padStart(7, '0');
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(digits[i]) * (7 - i + 1);
  return `${digits}${(sum % 11) % 10}`;
}

function imprint(g: Generic, manufacturerIndex: number): string {
  const letters = g.substance.name.replace(/[^A-Za-z]/g, '').slice(0, manufacturerIndex % 2 ? 2 : 3).toUpperCase();
  const number = g.strength.split(/[ /]/)[0]?.replace(',', '') ?? '';
  return `${letters} ${number}`;
}

function appearance(g: Generic, manufacturerIndex: number, scored: boolean): string {
  const random = createRandom(g.index * 131 + manufacturerIndex * 7 + 17);
  if (g.form.startsWith('capsule')) {
    return `capsule, ${random.pick(colours)}/${random.pick(colours)}, opdruk "${imprint(g, manufacturerIndex)}"`;
  }
  const parts = [random.pick(colours), random.pick(shapes), random.chance(0.8) ? 'biconvex' : 'plat'];
  if (scored) parts.push('breukgleuf');
  if (g.form === 'film' || g.form === 'msr') parts.push('omhuld');
  if (random.chance(0.7)) parts.push(`inscriptie "${imprint(g, manufacturerIndex)}"`);
  return parts.join(', ');
}

function splitting(g: Generic): { scored: boolean; text: string } {
  const { substance, form } = g;
  if (substance.noSplitReason) return { scored: false, text: `ERROR: niet deelbaar (${substance.noSplitReason})` };
  switch (form) {
    case 'capsule':
    case 'capsuleMga':
    case 'capsuleMsr':
      return { scored: false, text: 'ERROR: capsule, niet deelbaar' };
    case 'msr':
      return { scored: false, text: 'ERROR: niet deelbaar (maagsapresistent)' };
    case 'smelt':
    case 'kauw':
      return { scored: false, text: 'ERROR: niet deelbaar' };
    case 'mga':
      return substance.mgaSplittable
        ? { scored: true, text: 'deelbaar langs de breukgleuf, niet fijnmaken' }
        : { scored: false, text: 'ERROR: niet deelbaar (gereguleerde afgifte)' };
    default:
      return substance.scored
        ? { scored: true, text: form === 'dispergeerbaar' ? 'deelbaar, ook uiteen te laten vallen in water' : 'deelbaar in gelijke helften' }
        : { scored: false, text: 'ERROR: geen breukgleuf, niet deelbaar' };
  }
}

function packagingFor(form: Form, variant: number): string {
  if (form === 'mga' || form === 'msr' || form.startsWith('capsule')) {
    const blisters = packagesTablet.filter((p) => !p.startsWith('pot'));
    return blisters[variant % blisters.length] ?? 'doordrukstrip, 30 stuks';
  }
  return packagesTablet[variant % packagesTablet.length] ?? 'doordrukstrip, 30 stuks';
}

/**
 * `count` products, starting at catalogue position `offset` (so that two calls never repeat a ZI number).
 * Round by round every generic product gets one more trade product or package, so a small catalogue is
 * broad (the demo's ~300 cover every substance) and a large one deep.
 */
export function makeCatalogue(count: number, offset = 0): CatalogueProduct[] {
  const products: CatalogueProduct[] = [];
  const perGeneric = manufacturers.length * packagesTablet.length;
  const capacity = generics.length * perGeneric;
  if (offset + count > capacity) throw new Error(`The catalogue has room for ${capacity} products`);
  for (let position = offset; position < offset + count; position += 1) {
    const round = Math.floor(position / generics.length);
    const g = generics[position % generics.length]!;
    const manufacturerIndex = (g.index + round) % manufacturers.length;
    const packageVariant = (g.index + Math.floor(round / manufacturers.length)) % packagesTablet.length;
    const split = splitting(g);
    // The first trade product of each generic carries the plain generic name, the others their maker's.
    const manufacturer = manufacturerIndex === g.index % manufacturers.length ? '' : ` ${manufacturers[manufacturerIndex]}`;
    const tradeIndex = g.index * manufacturers.length + manufacturerIndex;
    products.push({
      longName: `${g.substance.name}${manufacturer} ${g.strength} ${formNames[g.form]}`,
      ziNumber: ziNumber(1_000_000 + scramble(position + 4_242, 23)),
      gpk: String(10_000 + scramble(g.index + 17, 16)),
      hpk: String(1_000_000 + scramble(tradeIndex + 301, 23)),
      dtaDescription: appearance(g, manufacturerIndex, split.scored),
      splitDescription: split.text,
      packaging: packagingFor(g.form, packageVariant),
    });
  }
  return products;
}

/** How many generic products the catalogue has (one round of `makeCatalogue`). */
export const genericCount = generics.length;
