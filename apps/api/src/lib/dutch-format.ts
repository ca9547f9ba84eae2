/** How amounts, rates and months appear to the customer: Dutch notation, as the web app shows them. */
import { monthNames } from './dutch-dates.js';

/** '2026-03-01' → 'maart 2026' */
export function monthLabel(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  return `${monthNames[month - 1] ?? isoDate.slice(5, 7)} ${isoDate.slice(0, 4)}`;
}

/** An integer number of `10^-scale` units as a Dutch decimal with at least `minDecimals` decimals: 123456, 2 → '1.234,56'. */
function dutchDecimal(units: bigint, scale: number, minDecimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`;
}

/**
 * Cents as the web app shows euro amounts (Intl nl-NL): '€ 1.234,56', '€ -12,50'. An ordinary space after
 * the sign, so that the text can be searched for as typed.
 */
export function formatEuro(cents: number | bigint): string {
  return `€ ${dutchDecimal(BigInt(cents), 2, 2)}`;
}

/** A unit price in ten-thousandths of a euro, with two to four decimals: '€ 0,045', '€ 12,3456', '€ 3,00'. */
export function formatUnitPrice(tenThousandths: bigint): string {
  return `€ ${dutchDecimal(tenThousandths, 4, 2)}`;
}

/** A VAT rate in hundredths of a percent: 2100 → '21%', 550 → '5,5%'. */
export function formatRate(hundredths: number): string {
  return `${dutchDecimal(BigInt(hundredths), 2, 0)}%`;
}
