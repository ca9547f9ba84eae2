/**
 * Facts of the demo data (src/demo, seeded into every fresh browser-test database) that tests rely on, stated
 * once: demo-facts.test.ts checks each against the seed, and the browser tests (e2e/) use them rather than
 * searching the data for a row that fits. Plain values without imports, so that e2e/ can import this file.
 */
export const demoFacts = {
  password: 'Medicijnrol#2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  /** The demo customer the browser tests log in to. */
  customer: {
    code: 'APO-1001',
    name: 'Apotheek De Linde',
    facilities: ['Thuiszorg Noord', 'Thuiszorg Zuid', 'Woonzorgcentrum De Es'],
  },
  otherCustomer: { code: 'ZRG-2001', name: 'Zorggroep Het Baken' },
  accounts: {
    administrator: { email: 'beheer@apotheekdelinde.example', firstName: 'Sanne' },
    employee: { email: 'assistent@apotheekdelinde.example', firstName: 'Thomas' },
    /** the administrator of the other demo customer, with two-factor login */
    twoFactor: { email: 'beheer@hetbaken.example', firstName: 'Fatima' },
    /** an employee of the other demo customer, without two-factor login */
    otherCustomerEmployee: { email: 'verpleging@hetbaken.example', firstName: 'Joost' },
  },
  /** The demo customer's assortment: more than a page, with a name that has an accent. */
  assortment: { size: 180, accentedName: 'Nitrofurantoïne' },
  /** Searches that find some of the demo customer's rows, not all: a facility, a month's name. */
  searches: { facility: 'noord', month: 'maart' },
} as const;
