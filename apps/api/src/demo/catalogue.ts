import { createRandom } from './random.js';

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

type Form = 'tablet' | 'film' | 'mga' | 'msr' | 'capsule' | 'capsuleMga' | 'capsuleMsr' | 'dispergeerbaar' | 'smelt' | 'kauw';

const formNames: Record<Form, string> = {
  tablet: 'tablet',
  film: 'filmomhulde tablet',
  mga: 'tablet met gereguleerde afgifte',
  msr: 'maagsapresistente tablet',
  capsule: 'capsule',
  capsuleMga: 'capsule met gereguleerde afgifte',
  capsuleMsr: 'maagsapresistente capsule',
  dispergeerbaar: 'dispergeerbare tablet',
  smelt: 'orodispergeerbare tablet',
  kauw: 'kauwtablet',
};

interface Substance {
  name: string;
  strengths: string[];
  forms: Form[];
  /** tablets with a score line that may be split; false for e.g. cytostatics */
  scored?: boolean;
  /** why a tablet must not be split, when not for its form */
  noSplitReason?: string;
  /** a modified-release tablet that may nevertheless be halved along its score (e.g. metoprolol ZOC) */
  mgaSplittable?: boolean;
}

const substances: Substance[] = [
  { name: 'Metoprololsuccinaat', strengths: ['25 mg', '50 mg', '100 mg', '200 mg'], forms: ['mga'], mgaSplittable: true },
  { name: 'Metoprololtartraat', strengths: ['50 mg', '100 mg'], forms: ['tablet'], scored: true },
  { name: 'Paracetamol', strengths: ['500 mg', '1000 mg'], forms: ['tablet', 'smelt'], scored: true },
  { name: 'Omeprazol', strengths: ['10 mg', '20 mg', '40 mg'], forms: ['capsuleMsr', 'msr'] },
  { name: 'Pantoprazol', strengths: ['20 mg', '40 mg'], forms: ['msr'] },
  { name: 'Esomeprazol', strengths: ['20 mg', '40 mg'], forms: ['msr'] },
  { name: 'Simvastatine', strengths: ['10 mg', '20 mg', '40 mg'], forms: ['film'], scored: true },
  { name: 'Atorvastatine', strengths: ['10 mg', '20 mg', '40 mg', '80 mg'], forms: ['film'] },
  { name: 'Rosuvastatine', strengths: ['5 mg', '10 mg', '20 mg'], forms: ['film'] },
  { name: 'Pravastatine', strengths: ['20 mg', '40 mg'], forms: ['tablet'], scored: true },
  { name: 'Ezetimibe', strengths: ['10 mg'], forms: ['tablet'] },
  { name: 'Metformine', strengths: ['500 mg', '850 mg', '1000 mg'], forms: ['film'], scored: true },
  { name: 'Gliclazide', strengths: ['30 mg', '80 mg'], forms: ['mga', 'tablet'], scored: true },
  { name: 'Glimepiride', strengths: ['1 mg', '2 mg', '3 mg', '4 mg'], forms: ['tablet'], scored: true },
  { name: 'Sitagliptine', strengths: ['50 mg', '100 mg'], forms: ['film'] },
  { name: 'Amlodipine', strengths: ['5 mg', '10 mg'], forms: ['tablet'], scored: true },
  { name: 'Nifedipine', strengths: ['30 mg', '60 mg'], forms: ['mga'] },
  { name: 'Diltiazem', strengths: ['120 mg', '200 mg', '300 mg'], forms: ['capsuleMga'] },
  { name: 'Verapamil', strengths: ['80 mg', '240 mg'], forms: ['film', 'mga'], scored: true },
  { name: 'Lisinopril', strengths: ['5 mg', '10 mg', '20 mg'], forms: ['tablet'], scored: true },
  { name: 'Enalapril', strengths: ['5 mg', '10 mg', '20 mg'], forms: ['tablet'], scored: true },
  { name: 'Perindopril', strengths: ['4 mg', '8 mg'], forms: ['tablet'], scored: true },
  { name: 'Ramipril', strengths: ['2,5 mg', '5 mg', '10 mg'], forms: ['tablet', 'capsule'], scored: true },
  { name: 'Losartan', strengths: ['50 mg', '100 mg'], forms: ['film'], scored: true },
  { name: 'Valsartan', strengths: ['80 mg', '160 mg'], forms: ['film'], scored: true },
  { name: 'Candesartan', strengths: ['8 mg', '16 mg', '32 mg'], forms: ['tablet'], scored: true },
  { name: 'Irbesartan', strengths: ['150 mg', '300 mg'], forms: ['film'] },
  { name: 'Hydrochloorthiazide', strengths: ['12,5 mg', '25 mg'], forms: ['tablet'], scored: true },
  { name: 'Chloortalidon', strengths: ['12,5 mg', '25 mg'], forms: ['tablet'], scored: true },
  { name: 'Furosemide', strengths: ['20 mg', '40 mg'], forms: ['tablet'], scored: true },
  { name: 'Bumetanide', strengths: ['1 mg', '2 mg'], forms: ['tablet'], scored: true },
  { name: 'Spironolacton', strengths: ['25 mg', '50 mg'], forms: ['film'], scored: true },
  { name: 'Bisoprolol', strengths: ['1,25 mg', '2,5 mg', '5 mg', '10 mg'], forms: ['film'], scored: true },
  { name: 'Atenolol', strengths: ['25 mg', '50 mg', '100 mg'], forms: ['tablet'], scored: true },
  { name: 'Propranolol', strengths: ['10 mg', '40 mg', '80 mg'], forms: ['tablet', 'capsuleMga'], scored: true },
  { name: 'Carvedilol', strengths: ['6,25 mg', '12,5 mg', '25 mg'], forms: ['tablet'], scored: true },
  { name: 'Digoxine', strengths: ['0,0625 mg', '0,125 mg', '0,25 mg'], forms: ['tablet'], scored: true },
  { name: 'Isosorbidemononitraat', strengths: ['30 mg', '60 mg'], forms: ['mga'], mgaSplittable: true },
  { name: 'Acetylsalicylzuur', strengths: ['80 mg'], forms: ['dispergeerbaar'], scored: true },
  { name: 'Carbasalaatcalcium', strengths: ['100 mg'], forms: ['dispergeerbaar'] },
  { name: 'Clopidogrel', strengths: ['75 mg'], forms: ['film'] },
  { name: 'Apixaban', strengths: ['2,5 mg', '5 mg'], forms: ['film'] },
  { name: 'Rivaroxaban', strengths: ['10 mg', '15 mg', '20 mg'], forms: ['film'] },
  { name: 'Acenocoumarol', strengths: ['1 mg'], forms: ['tablet'], scored: true },
  { name: 'Fenprocoumon', strengths: ['3 mg'], forms: ['tablet'], scored: true },
  { name: 'Levothyroxine', strengths: ['25 µg', '50 µg', '75 µg', '100 µg', '125 µg'], forms: ['tablet'], scored: true },
  { name: 'Ibuprofen', strengths: ['200 mg', '400 mg', '600 mg'], forms: ['film'] },
  { name: 'Naproxen', strengths: ['250 mg', '500 mg'], forms: ['tablet'], scored: true },
  { name: 'Diclofenac', strengths: ['50 mg', '75 mg'], forms: ['msr', 'mga'] },
  { name: 'Tramadol', strengths: ['50 mg', '100 mg', '150 mg'], forms: ['capsule', 'mga'] },
  { name: 'Oxycodon', strengths: ['5 mg', '10 mg', '20 mg'], forms: ['mga', 'capsule'] },
  { name: 'Temazepam', strengths: ['10 mg', '20 mg'], forms: ['capsule'] },
  { name: 'Oxazepam', strengths: ['10 mg', '15 mg', '50 mg'], forms: ['tablet'], scored: true },
  { name: 'Lorazepam', strengths: ['0,5 mg', '1 mg', '2,5 mg'], forms: ['tablet'], scored: true },
  { name: 'Diazepam', strengths: ['2 mg', '5 mg', '10 mg'], forms: ['tablet'], scored: true },
  { name: 'Zopiclon', strengths: ['7,5 mg'], forms: ['film'], scored: true },
  { name: 'Citalopram', strengths: ['10 mg', '20 mg', '40 mg'], forms: ['film'], scored: true },
  { name: 'Escitalopram', strengths: ['10 mg', '20 mg'], forms: ['film'], scored: true },
  { name: 'Sertraline', strengths: ['50 mg', '100 mg'], forms: ['film'], scored: true },
  { name: 'Paroxetine', strengths: ['20 mg', '30 mg'], forms: ['film'], scored: true },
  { name: 'Mirtazapine', strengths: ['15 mg', '30 mg', '45 mg'], forms: ['film', 'smelt'], scored: true },
  { name: 'Amitriptyline', strengths: ['10 mg', '25 mg', '50 mg'], forms: ['film'] },
  { name: 'Nortriptyline', strengths: ['10 mg', '25 mg'], forms: ['capsule'] },
  { name: 'Quetiapine', strengths: ['25 mg', '100 mg', '200 mg'], forms: ['film', 'mga'] },
  { name: 'Haloperidol', strengths: ['0,5 mg', '1 mg', '5 mg'], forms: ['tablet'], scored: true },
  { name: 'Risperidon', strengths: ['0,5 mg', '1 mg', '2 mg'], forms: ['film', 'smelt'], scored: true },
  { name: 'Olanzapine', strengths: ['5 mg', '10 mg'], forms: ['film', 'smelt'] },
  { name: 'Levodopa/carbidopa', strengths: ['100/25 mg', '200/50 mg'], forms: ['tablet', 'mga'], scored: true },
  { name: 'Levodopa/benserazide', strengths: ['100/25 mg'], forms: ['capsule', 'dispergeerbaar'] },
  { name: 'Donepezil', strengths: ['5 mg', '10 mg'], forms: ['film', 'smelt'] },
  { name: 'Galantamine', strengths: ['8 mg', '16 mg', '24 mg'], forms: ['capsuleMga'] },
  { name: 'Memantine', strengths: ['10 mg', '20 mg'], forms: ['film'], scored: true },
  { name: 'Rivastigmine', strengths: ['1,5 mg', '3 mg', '4,5 mg'], forms: ['capsule'] },
  { name: 'Tamsulosine', strengths: ['0,4 mg'], forms: ['capsuleMga', 'mga'] },
  { name: 'Alfuzosine', strengths: ['10 mg'], forms: ['mga'] },
  { name: 'Finasteride', strengths: ['5 mg'], forms: ['film'], noSplitReason: 'niet breken (zwangere vrouwen)' },
  { name: 'Solifenacine', strengths: ['5 mg', '10 mg'], forms: ['film'] },
  { name: 'Mirabegron', strengths: ['25 mg', '50 mg'], forms: ['mga'] },
  { name: 'Allopurinol', strengths: ['100 mg', '300 mg'], forms: ['tablet'], scored: true },
  { name: 'Colchicine', strengths: ['0,5 mg'], forms: ['tablet'] },
  { name: 'Prednisolon', strengths: ['5 mg', '20 mg', '30 mg'], forms: ['tablet'], scored: true },
  { name: 'Dexamethason', strengths: ['0,5 mg', '1,5 mg', '4 mg'], forms: ['tablet'], scored: true },
  { name: 'Alendroninezuur', strengths: ['70 mg'], forms: ['tablet'] },
  { name: 'Risedroninezuur', strengths: ['35 mg'], forms: ['film'] },
  { name: 'Calciumcarbonaat/colecalciferol', strengths: ['1,25 g/800 IE', '1,25 g/400 IE'], forms: ['kauw'] },
  { name: 'Colecalciferol', strengths: ['800 IE', '5600 IE'], forms: ['tablet'] },
  { name: 'Foliumzuur', strengths: ['0,5 mg', '5 mg'], forms: ['tablet'], scored: true },
  { name: 'Hydroxocobalamine', strengths: ['1 mg'], forms: ['tablet'] },
  { name: 'Ferrofumaraat', strengths: ['200 mg'], forms: ['tablet'] },
  { name: 'Kaliumchloride', strengths: ['600 mg'], forms: ['mga'] },
  { name: 'Magnesiumoxide', strengths: ['250 mg', '500 mg', '724 mg'], forms: ['kauw', 'tablet'] },
  { name: 'Metoclopramide', strengths: ['10 mg'], forms: ['tablet'], scored: true },
  { name: 'Domperidon', strengths: ['10 mg'], forms: ['tablet'] },
  { name: 'Loperamide', strengths: ['2 mg'], forms: ['capsule'] },
  { name: 'Bisacodyl', strengths: ['5 mg'], forms: ['msr'] },
  { name: 'Sennosiden', strengths: ['7,5 mg'], forms: ['tablet'] },
  { name: 'Levetiracetam', strengths: ['250 mg', '500 mg', '1000 mg'], forms: ['film'], scored: true },
  { name: 'Valproïnezuur', strengths: ['300 mg', '500 mg'], forms: ['mga', 'msr'] },
  { name: 'Carbamazepine', strengths: ['200 mg', '400 mg'], forms: ['tablet', 'mga'], scored: true },
  { name: 'Lamotrigine', strengths: ['25 mg', '50 mg', '100 mg'], forms: ['dispergeerbaar', 'tablet'], scored: true },
  { name: 'Gabapentine', strengths: ['300 mg', '400 mg'], forms: ['capsule'] },
  { name: 'Pregabaline', strengths: ['25 mg', '75 mg', '150 mg'], forms: ['capsule'] },
  { name: 'Methotrexaat', strengths: ['2,5 mg', '10 mg'], forms: ['tablet'], noSplitReason: 'cytostaticum, niet breken' },
  { name: 'Hydroxychloroquine', strengths: ['200 mg'], forms: ['film'] },
  { name: 'Cetirizine', strengths: ['10 mg'], forms: ['film'], scored: true },
  { name: 'Loratadine', strengths: ['10 mg'], forms: ['tablet'], scored: true },
  { name: 'Montelukast', strengths: ['10 mg'], forms: ['film', 'kauw'] },
  { name: 'Doxycycline', strengths: ['100 mg'], forms: ['dispergeerbaar', 'tablet'], scored: true },
  { name: 'Amoxicilline', strengths: ['500 mg', '750 mg'], forms: ['capsule', 'dispergeerbaar'] },
  { name: 'Nitrofurantoïne', strengths: ['50 mg', '100 mg'], forms: ['capsule', 'capsuleMga'] },
  { name: 'Trimethoprim', strengths: ['100 mg', '300 mg'], forms: ['tablet'], scored: true },
  { name: 'Fosfomycine', strengths: ['3 g'], forms: ['kauw'] },
  { name: 'Cotrimoxazol', strengths: ['480 mg', '960 mg'], forms: ['tablet'], scored: true },
  { name: 'Sotalol', strengths: ['80 mg', '160 mg'], forms: ['tablet'], scored: true },
  { name: 'Amiodaron', strengths: ['100 mg', '200 mg'], forms: ['tablet'], scored: true },
  { name: 'Ticagrelor', strengths: ['60 mg', '90 mg'], forms: ['film'] },
  { name: 'Dabigatran', strengths: ['110 mg', '150 mg'], forms: ['capsule'] },
  { name: 'Empagliflozine', strengths: ['10 mg', '25 mg'], forms: ['film'] },
  { name: 'Dapagliflozine', strengths: ['10 mg'], forms: ['film'] },
  { name: 'Trazodon', strengths: ['50 mg', '100 mg'], forms: ['tablet'], scored: true },
  { name: 'Venlafaxine', strengths: ['37,5 mg', '75 mg', '150 mg'], forms: ['capsuleMga'] },
  { name: 'Duloxetine', strengths: ['30 mg', '60 mg'], forms: ['capsuleMsr'] },
  { name: 'Pramipexol', strengths: ['0,125 mg', '0,25 mg', '0,7 mg'], forms: ['tablet', 'mga'], scored: true },
  { name: 'Ropinirol', strengths: ['2 mg', '4 mg', '8 mg'], forms: ['mga'] },
  { name: 'Baclofen', strengths: ['10 mg', '25 mg'], forms: ['tablet'], scored: true },
  { name: 'Oxybutynine', strengths: ['2,5 mg', '5 mg'], forms: ['tablet'], scored: true },
  { name: 'Morfine', strengths: ['10 mg', '30 mg', '60 mg'], forms: ['mga'] },
  { name: 'Fentanyl', strengths: ['100 µg', '200 µg'], forms: ['smelt'] },
];

const manufacturers = [
  'Sandoz', 'Teva', 'Mylan', 'Aurobindo', 'Accord', 'Centrafarm', 'Apotex', 'Focus', 'Xiromed', 'Glenmark',
  'Zentiva', 'Viatris', 'Krka', 'Pharmachemie', 'Ratiopharm', 'Bluefish', 'Devatis', 'Amarox',
];

const colours = ['wit', 'wit', 'wit', 'gebroken wit', 'lichtgeel', 'geel', 'roze', 'oranje', 'lichtblauw', 'blauw', 'groen', 'rood', 'bruin', 'lila', 'beige'];
const shapes = ['rond', 'rond', 'ovaal', 'langwerpig', 'capsulevormig', 'achthoekig', 'driehoekig'];
const packagesTablet = ['doordrukstrip, 30 stuks', 'doordrukstrip, 28 stuks', 'doordrukstrip, 90 stuks', 'flacon, 100 stuks', 'pot, 250 stuks', 'eenheidsverpakking, 50 stuks', 'doordrukstrip, 56 stuks', 'flacon, 500 stuks', 'doordrukstrip, 100 stuks', 'eenheidsverpakking, 100 stuks'];

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
