import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { accounts, serviceProductOrderRows, serviceProductOrders, serviceProducts } from '../db/schema.js';
import { addDays } from './random.js';

/** What the demo writes with: the seed's transaction. */
type Writer = Parameters<Parameters<Db['transaction']>[0]>[0];

type Pictogram =
  | 'labels'
  | 'printerRoll'
  | 'crate'
  | 'sealTag'
  | 'dispenser'
  | 'rollHolder'
  | 'tape'
  | 'bags'
  | 'clipboard'
  | 'weekBox'
  | 'clips'
  | 'cart';

interface DemoServiceProduct {
  articleCode: string;
  name: string;
  description: string;
  /** euro excluding VAT; null: on request (the screen shows a dash) */
  price: number | null;
  pictogram: Pictogram;
}

/** The provider's service products: what customers order besides the packed medication itself. */
export const demoServiceProducts: DemoServiceProduct[] = [
  {
    articleCode: 'SP-1001',
    name: 'Adresetiketten op rol',
    description: 'Witte zelfklevende etiketten van 89 × 36 mm voor de adresgegevens op kratten en dozen. Rol van 1.000 stuks.',
    price: 18.5,
    pictogram: 'labels',
  },
  {
    articleCode: 'SP-1002',
    name: 'Thermische printerrol 80 mm',
    description: 'Printerrollen voor de bonprinter bij de uitgifte, 80 mm breed, 80 m lang. Doos met 12 rollen.',
    price: 42,
    pictogram: 'printerRoll',
  },
  {
    articleCode: 'SP-1003',
    name: 'Transportkrat met deksel',
    description: 'Blauwe stapelbare krat (60 × 40 × 32 cm) met scharnierend deksel, voor het vervoer van medicatierollen.',
    price: 24.95,
    pictogram: 'crate',
  },
  {
    articleCode: 'SP-1004',
    name: 'Verzegelingsstrips voor kratten',
    description: 'Genummerde kunststof zegels om een krat manipulatiebestendig te sluiten. Zak van 100 stuks.',
    price: 9.75,
    pictogram: 'sealTag',
  },
  {
    articleCode: 'SP-1005',
    name: 'Medicatierol-dispenser, wandmodel',
    description: 'Afsluitbare dispenser voor aan de wand, waaruit de zakjes van de medicatierol één voor één worden afgescheurd.',
    price: 64.5,
    pictogram: 'dispenser',
  },
  {
    articleCode: 'SP-1006',
    name: 'Rolhouder, tafelmodel',
    description: 'Stevige houder voor op de medicijnkar of de balie; houdt de medicatierol netjes op volgorde van innamemoment.',
    price: 27.8,
    pictogram: 'rollHolder',
  },
  {
    articleCode: 'SP-1007',
    name: 'Sealtape transparant 50 mm',
    description: 'Sterke verpakkingstape om dozen en kratten te sluiten, 50 mm × 66 m. Pak van 6 rollen.',
    price: 15.6,
    pictogram: 'tape',
  },
  {
    articleCode: 'SP-1008',
    name: 'Losse medicijnzakjes',
    description: 'Doorzichtige, hersluitbare zakjes voor losse medicatie en zo-nodig-medicatie, 70 × 100 mm. Doos van 500 stuks.',
    price: 21.4,
    pictogram: 'bags',
  },
  {
    articleCode: 'SP-1009',
    name: 'Houder voor toedienlijsten A4',
    description: 'Klembord met beschermhoes voor de toedienlijst op de afdeling, afwasbaar. Set van 10 stuks.',
    price: 12.3,
    pictogram: 'clipboard',
  },
  {
    articleCode: 'SP-1010',
    name: 'Weekdoos voor medicatierollen',
    description: 'Doos met zeven vakken, één per dag, om de rol van een cliënt per week klaar te zetten.',
    price: 8.95,
    pictogram: 'weekBox',
  },
  {
    articleCode: 'SP-1011',
    name: 'Afsluitclips voor rollen',
    description: 'Clips om een aangebroken medicatierol gesloten te houden. Zak van 50 stuks.',
    price: 6.2,
    pictogram: 'clips',
  },
  {
    articleCode: 'SP-1012',
    name: 'Medicijnkar op maat',
    description: 'Afsluitbare medicijnkar met lades voor rollen en kratten, ingericht naar de wensen van de afdeling. Prijs op aanvraag.',
    price: null,
    pictogram: 'cart',
  },
];

const ink = '#1f4e79';
const accent = '#2e8bc0';
const paper = '#ffffff';
const line = `stroke="${ink}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"`;
const stroke = `fill="none" ${line}`;

/** Simple line pictograms on a 256 × 256 canvas, in the portal's blues. */
const pictograms: Record<Pictogram, string> = {
  labels: `
    <circle cx="86" cy="128" r="54" fill="${accent}" fill-opacity=".18" ${line}/>
    <circle cx="86" cy="128" r="18" ${stroke}/>
    <path d="M86 74 H214 V182 H140" ${stroke}/>
    <rect x="150" y="92" width="48" height="30" rx="5" fill="${paper}" ${line}/>
    <rect x="150" y="134" width="48" height="30" rx="5" fill="${paper}" ${line}/>`,
  printerRoll: `
    <path d="M60 92 V172 A34 14 0 0 0 128 172 V92" fill="${accent}" fill-opacity=".18" ${line}/>
    <ellipse cx="94" cy="92" rx="34" ry="14" fill="${paper}" ${line}/>
    <ellipse cx="94" cy="92" rx="10" ry="4" ${stroke}/>
    <path d="M128 150 H196 V210 H128" ${stroke}/>
    <path d="M146 170 H180 M146 190 H170" ${stroke}/>`,
  crate: `
    <path d="M44 96 L128 70 L212 96 L128 122 Z" fill="${paper}" ${line}/>
    <path d="M44 96 L128 122 V204 L44 176 Z" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M212 96 L128 122 V204 L212 176 Z" fill="${accent}" fill-opacity=".3" ${line}/>
    <path d="M70 140 L102 150" ${stroke}/>
    <path d="M154 150 L186 140" ${stroke}/>`,
  sealTag: `
    <path d="M96 60 H176 L196 84 V196 H96 Z" fill="${accent}" fill-opacity=".18" ${line}/>
    <circle cx="168" cy="92" r="10" ${stroke}/>
    <path d="M120 130 H172 M120 156 H160" ${stroke}/>
    <path d="M168 82 C150 40 90 40 60 70 C40 92 50 130 70 150" ${stroke}/>`,
  dispenser: `
    <rect x="64" y="40" width="128" height="132" rx="14" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M92 150 H164" ${stroke}/>
    <path d="M104 150 V214 H152 V150" fill="${paper}" ${line}/>
    <path d="M104 182 H152" stroke="${ink}" stroke-width="5" stroke-dasharray="6 6"/>
    <circle cx="128" cy="86" r="14" ${stroke}/>`,
  rollHolder: `
    <path d="M56 206 H200 M76 206 V96 M180 206 V96" ${stroke}/>
    <path d="M108 140 V192 H148 V140" fill="${paper}" ${line}/>
    <path d="M108 170 H148" stroke="${ink}" stroke-width="5" stroke-dasharray="6 6"/>
    <circle cx="128" cy="112" r="44" fill="#d6e6f3" ${line}/>
    <circle cx="128" cy="112" r="12" ${stroke}/>
    <path d="M76 112 H116 M140 112 H180" ${stroke}/>`,
  tape: `
    <path d="M112 182 H212 L198 196 L212 210 H112 Z" fill="${paper}" ${line}/>
    <circle cx="112" cy="118" r="64" fill="#d6e6f3" ${line}/>
    <circle cx="112" cy="118" r="30" fill="${paper}" ${line}/>`,
  bags: `
    <path d="M70 70 H186 V206 H70 Z" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M70 70 L82 56 L94 70 L106 56 L118 70 L130 56 L142 70 L154 56 L166 70 L178 56 L186 66" ${stroke}/>
    <path d="M70 96 H186" stroke="${ink}" stroke-width="5" stroke-dasharray="8 6"/>
    <ellipse cx="110" cy="148" rx="18" ry="11" transform="rotate(-30 110 148)" fill="${paper}" ${line}/>
    <circle cx="150" cy="166" r="13" fill="${paper}" ${line}/>`,
  clipboard: `
    <rect x="66" y="52" width="124" height="160" rx="12" fill="${accent}" fill-opacity=".18" ${line}/>
    <rect x="100" y="40" width="56" height="26" rx="8" fill="${paper}" ${line}/>
    <path d="M92 102 H164 M92 130 H164 M92 158 H140" ${stroke}/>
    <path d="M90 186 L100 196 L118 176" ${stroke}/>`,
  weekBox: `
    <rect x="32" y="92" width="192" height="76" rx="10" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M59 92 V168 M87 92 V168 M114 92 V168 M142 92 V168 M169 92 V168 M197 92 V168" ${stroke}/>
    <path d="M32 92 L48 70 H208 L224 92" ${stroke}/>`,
  clips: `
    <path d="M72 176 V88 A28 28 0 0 1 128 88 V176 A20 20 0 0 1 88 176 V96" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M150 192 V112 A24 24 0 0 1 198 112 V192" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M150 150 H198" ${stroke}/>`,
  cart: `
    <rect x="60" y="56" width="136" height="124" rx="10" fill="${accent}" fill-opacity=".18" ${line}/>
    <path d="M60 98 H196 M60 140 H196" ${stroke}/>
    <path d="M112 77 H144 M112 119 H144 M112 161 H144" ${stroke}/>
    <path d="M196 70 H220" ${stroke}/>
    <circle cx="84" cy="204" r="14" fill="${paper}" ${line}/>
    <circle cx="172" cy="204" r="14" fill="${paper}" ${line}/>`,
};

/** A product's picture: its pictogram on a calm tile, drawn as SVG and rendered to PNG (nothing binary in git). */
export async function renderPictogram(pictogram: Pictogram): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="28" fill="#eef4fa"/>${pictograms[pictogram]}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

interface DemoOrder {
  emailAddress: string;
  daysAgo: number;
  status: 'New' | 'Processing' | 'Archived';
  rows: [articleCode: string, amount: number][];
}

/** A few orders of the demo customers, from long done to just placed. */
const demoOrders: DemoOrder[] = [
  { emailAddress: 'beheer@apotheekdelinde.example', daysAgo: 96, status: 'Archived', rows: [['SP-1003', 10], ['SP-1004', 2]] },
  { emailAddress: 'assistent@apotheekdelinde.example', daysAgo: 61, status: 'Archived', rows: [['SP-1001', 4], ['SP-1002', 1], ['SP-1007', 2]] },
  { emailAddress: 'beheer@apotheekdelinde.example', daysAgo: 23, status: 'Archived', rows: [['SP-1005', 3], ['SP-1006', 6]] },
  { emailAddress: 'assistent@apotheekdelinde.example', daysAgo: 6, status: 'Processing', rows: [['SP-1008', 2], ['SP-1011', 5], ['SP-1012', 1]] },
  { emailAddress: 'beheer@apotheekdelinde.example', daysAgo: 1, status: 'New', rows: [['SP-1001', 2], ['SP-1010', 25]] },
  { emailAddress: 'verpleging@hetbaken.example', daysAgo: 40, status: 'Archived', rows: [['SP-1009', 4], ['SP-1010', 60]] },
  { emailAddress: 'beheer@hetbaken.example', daysAgo: 12, status: 'Processing', rows: [['SP-1003', 16], ['SP-1004', 3], ['SP-1012', 2]] },
  { emailAddress: 'verpleging@hetbaken.example', daysAgo: 2, status: 'New', rows: [['SP-1006', 8], ['SP-1011', 10]] },
];

/** cents as an exact numeric in euro */
const euro = (cents: number) => sql`(${cents}::bigint / 100.0)::numeric(12, 2)`;

/**
 * The service-product catalogue with its pictures, and a few orders of the demo customers (their accounts
 * must exist). Order lines carry the catalogue's code, name and price, totals in exact cents, as the API
 * stores them.
 */
export async function seedServiceProducts(tx: Writer, today: Date): Promise<void> {
  const images = await Promise.all(demoServiceProducts.map((p) => renderPictogram(p.pictogram)));
  const products = await tx
    .insert(serviceProducts)
    .values(
      demoServiceProducts.map((p, i) => ({
        articleCode: p.articleCode,
        name: p.name,
        description: p.description,
        price: p.price,
        imageMediaType: 'image/png',
        image: images[i]!,
        sortOrder: (i + 1) * 10,
      })),
    )
    .returning({ id: serviceProducts.id, articleCode: serviceProducts.articleCode });
  const idOf = new Map(products.map((p) => [p.articleCode, p.id]));
  const catalogue = new Map(demoServiceProducts.map((p) => [p.articleCode, p]));

  for (const demo of demoOrders) {
    const [account] = await tx.select().from(accounts).where(eq(accounts.emailAddress, demo.emailAddress));
    if (!account) continue;
    const lines = demo.rows.map(([articleCode, amount]) => {
      const product = catalogue.get(articleCode)!;
      const priceCents = product.price === null ? null : Math.round(product.price * 100);
      return { product, amount, priceCents, rowTotalCents: priceCents === null ? null : priceCents * amount };
    });
    const totalCents = lines.reduce((sum, line) => sum + (line.rowTotalCents ?? 0), 0);
    const createdAt = new Date(addDays(today, -demo.daysAgo).getTime() + (9 * 60 + 15 + demo.daysAgo) * 60_000);
    const [order] = await tx
      .insert(serviceProductOrders)
      .values({
        customerId: account.customerId,
        accountId: account.id,
        requesterName: [account.firstName, account.middleName, account.lastName].filter(Boolean).join(' '),
        requesterEmail: account.emailAddress,
        status: demo.status,
        totalPrice: euro(totalCents),
        createdAt,
      })
      .returning({ id: serviceProductOrders.id });
    await tx.insert(serviceProductOrderRows).values(
      lines.map((line, i) => ({
        customerId: account.customerId,
        orderId: order!.id,
        lineNo: i + 1,
        serviceProductId: idOf.get(line.product.articleCode)!,
        articleCode: line.product.articleCode,
        name: line.product.name,
        amount: line.amount,
        price: line.priceCents === null ? null : euro(line.priceCents),
        rowTotalPrice: line.rowTotalCents === null ? null : euro(line.rowTotalCents),
      })),
    );
  }
}
