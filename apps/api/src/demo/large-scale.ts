/** How much the large generator makes. `largeScale` is what `npm run seed:large` and the benchmark use. */
export interface LargeScale {
  customers: number;
  facilities: number;
  patients: number;
  /** new catalogue products, spread over the customers' assortments */
  products: number;
  /** products per customer's assortment; the first customer gets `max` */
  assortment: { min: number; max: number };
  packingOrders: number;
  invoices: number;
}

export const largeScale: LargeScale = {
  customers: 2_000,
  facilities: 10_000,
  patients: 200_000,
  products: 20_000,
  assortment: { min: 300, max: 1_500 },
  packingOrders: 2_000_000,
  invoices: 50_000,
};
