import { backofficeItemPath, serviceOrderReference } from '@portal/contract';
import { oneLine, type OutgoingMail } from '../../lib/mail.js';
import { formatEuro } from '../../lib/dutch-format.js';
import { dutchMomentOf } from '../../lib/dutch-dates.js';

export interface OrderedLine {
  articleCode: string;
  name: string;
  amount: number;
  /** euro cents excluding VAT; null when the catalogue has no price */
  priceCents: number | null;
  rowTotalCents: number | null;
}

export interface PlacedOrder {
  orderId: number;
  createdAt: Date;
  clientName: string;
  clientCode: string;
  requesterFirstName: string;
  requesterName: string;
  requesterEmail: string;
  lines: OrderedLine[];
  /** the sum of the rows whose price is known, cents excluding VAT */
  totalCents: number;
}


const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const priceText = (cents: number | null) => (cents === null ? 'prijs op aanvraag' : formatEuro(cents));

/** '2 × Adresetiketten (artikel SP-1001) à € 18,50 = € 37,00' */
function lineText(line: OrderedLine): string {
  const what = `${line.amount} × ${oneLine(line.name)} (artikel ${oneLine(line.articleCode)})`;
  return line.priceCents === null || line.rowTotalCents === null
    ? `- ${what}, prijs op aanvraag`
    : `- ${what} à ${formatEuro(line.priceCents)} = ${formatEuro(line.rowTotalCents)}`;
}

const hasUnpriced = (order: PlacedOrder) => order.lines.some((line) => line.priceCents === null);

function summary(order: PlacedOrder): string[] {
  return [
    ...order.lines.map(lineText),
    '',
    `Totaal exclusief btw: ${formatEuro(order.totalCents)}`,
    ...(hasUnpriced(order) ? ['Artikelen zonder prijs zijn niet in dit totaal opgenomen; hun prijs volgt.'] : []),
  ];
}

function linesTable(order: PlacedOrder): string {
  const cell = (s: string, right = false) => `<td style="padding:4px 8px;${right ? 'text-align:right;' : ''}">${escapeHtml(s)}</td>`;
  const head = ['Artikel', 'Omschrijving', 'Aantal', 'Prijs per stuk', 'Totaal']
    .map((h, i) => `<th style="padding:4px 8px;text-align:${i >= 2 ? 'right' : 'left'};">${h}</th>`)
    .join('');
  const rows = order.lines
    .map(
      (line) =>
        `<tr>${cell(line.articleCode)}${cell(line.name)}${cell(String(line.amount), true)}` +
        `${cell(priceText(line.priceCents), true)}${cell(line.rowTotalCents === null ? '–' : formatEuro(line.rowTotalCents), true)}</tr>`,
    )
    .join('');
  return (
    `<table style="border-collapse:collapse;"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody>` +
    `<tfoot><tr><td colspan="4" style="padding:4px 8px;text-align:right;"><strong>Totaal exclusief btw</strong></td>` +
    `<td style="padding:4px 8px;text-align:right;"><strong>${escapeHtml(formatEuro(order.totalCents))}</strong></td></tr></tfoot></table>`
  );
}

/** The confirmation to the account that ordered. */
export function orderConfirmationMail(order: PlacedOrder): OutgoingMail {
  const intro = 'Bedankt voor uw bestelling van serviceproducten via Mijn Spits. Wij hebben de volgende bestelling ontvangen.';
  const facts = [
    `Bestelnummer: ${order.orderId}`,
    `Referentie: ${serviceOrderReference(order.orderId, order.createdAt)}`,
    `Besteld op: ${dutchMomentOf(order.createdAt)}`,
    `Besteld door: ${order.requesterName}`,
    `Klant: ${order.clientName} (${order.clientCode})`,
  ];
  const after = 'U vindt de bestelling ook terug onder Bestellingen in Mijn Spits.';
  const text = [
    `Beste ${order.requesterFirstName},`,
    '',
    intro,
    '',
    ...facts,
    '',
    ...summary(order),
    '',
    after,
    '',
    'Met vriendelijke groet,',
    'Mijn Spits',
    '',
    'Dit bericht is automatisch verstuurd; u kunt er niet op antwoorden.',
  ].join('\n');
  const html =
    `<p>Beste ${escapeHtml(order.requesterFirstName)},</p><p>${escapeHtml(intro)}</p>` +
    `<p>${facts.map(escapeHtml).join('<br>')}</p>${linesTable(order)}` +
    (hasUnpriced(order) ? '<p>Artikelen zonder prijs zijn niet in dit totaal opgenomen; hun prijs volgt.</p>' : '') +
    `<p>${escapeHtml(after)}</p><p>Met vriendelijke groet,<br>Mijn Spits</p>`;
  return { to: order.requesterEmail, subject: `Bevestiging van uw bestelling ${serviceOrderReference(order.orderId, order.createdAt)} bij Mijn Spits`, text, html };
}

/** The notification to the provider's service desk, with a link to the order in the back-office. Plain text only. */
export function orderNotificationMail(order: PlacedOrder, to: string, publicUrl: string): OutgoingMail {
  const text = [
    'Er is een bestelling van serviceproducten geplaatst via het klantportaal Mijn Spits.',
    '',
    `Klant: ${order.clientName} (${order.clientCode})`,
    `Besteld door: ${order.requesterName} <${order.requesterEmail}>`,
    `Besteld op: ${dutchMomentOf(order.createdAt)}`,
    `Referentie: ${serviceOrderReference(order.orderId, order.createdAt)}`,
    `Openen in Mijn Spits Beheer: ${publicUrl}${backofficeItemPath({ itemKind: 'ServiceOrder', id: order.orderId })}`,
    '',
    ...summary(order),
  ].join('\n');
  return {
    to,
    subject: oneLine(`Bestelling serviceproducten ${serviceOrderReference(order.orderId, order.createdAt)} van ${order.clientName} (${order.clientCode}) via Mijn Spits`),
    text,
  };
}
