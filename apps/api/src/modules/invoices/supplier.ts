/**
 * Who sends the invoices: the provider's name, address and registrations, as a Dutch invoice must carry them
 * (the Belastingdienst's invoice requirements: name and address, KvK number, VAT identification number), and
 * where and by when to pay. Deployment settings (SUPPLIER_* and PAYMENT_TERM_DAYS); the defaults are demo
 * values, and the server warns at start when a deployment without demo data still uses them.
 */
export interface Supplier {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** Kamer van Koophandel number, 8 digits */
  kvkNumber: string;
  /** btw-identificatienummer, NL + 9 digits + B + 2 digits */
  vatNumber: string;
  iban: string;
  email: string;
  /** days between the invoice date and the due date */
  paymentTermDays: number;
}

export const demoSupplier: Supplier = {
  name: 'Spits Medicatie B.V.',
  address: 'Handelsweg 12',
  postalCode: '9201 AB',
  city: 'Drachten',
  kvkNumber: '12345678',
  vatNumber: 'NL001234567B01',
  iban: 'NL91 ABNA 0417 1643 00',
  email: 'facturen@mijnspits.nl',
  paymentTermDays: 30,
};

/** An IBAN's own check (ISO 13616: the number mod 97 is 1), on the letters and digits only. */
export function isValidIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The IBAN as it is printed: groups of four. */
export const printedIban = (text: string) => text.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
