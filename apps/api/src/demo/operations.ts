import { addDays, isoDay, isoWeekday, type Random } from './random.js';

/**
 * A customer's operational history as the demo generates it: weekly delivery schedules per department,
 * packing orders of the last months and monthly invoices with their lines. Pure functions of their inputs
 * and the seeded generator, so the demo is the same on every run for the same day. `today` is a `calendarDay`.
 */

export interface DemoDepartment {
  id: number;
  name: string;
  patients: number;
}

export interface ScheduleRow {
  departmentId: number;
  arrivalDay: number;
  arrivalTime: string;
  shipmentDay: number;
  shipmentTime: string;
}

export type ReelStatus = 'Received' | 'InProduction' | 'Packed' | 'Shipped' | 'Delivered' | 'Cancelled';

export interface PackingOrderRow {
  departmentId: number;
  patientCount: number;
  bagCount: number;
  reelStatus: ReelStatus;
  orderDate: string;
}

export interface InvoiceLineRow {
  departmentName: string | null;
  description: string;
  quantity: number;
  /** euro excluding VAT, at most 4 decimals */
  unitPrice: number;
  vatRate: 9 | 21;
}

export interface InvoiceWithLines {
  /** `YYYY-MM-01` */
  processedMonth: string;
  lines: InvoiceLineRow[];
}

const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The working day before an ISO weekday (Monday's delivery ships on Friday). */
export const shipmentDayBefore = (arrivalDay: number) => (arrivalDay === 1 ? 5 : arrivalDay - 1);

/**
 * One weekly delivery per department, shipped in the afternoon of the working day before it arrives; a large
 * department (30+ patients) gets a second delivery three days later.
 */
export function makeDeliverySchedules(facilities: DemoDepartment[], random: Random): ScheduleRow[] {
  return facilities.flatMap((facility) => {
    const arrivalDay = random.int(1, 5);
    const days = facility.patients >= 30 ? [arrivalDay, ((arrivalDay + 2) % 5) + 1] : [arrivalDay];
    const arrivalTime = time(random.int(14, 24) * 30);
    const shipmentTime = time(random.int(30, 37) * 30);
    return days.map((day) => ({ departmentId: facility.id, arrivalDay: day, arrivalTime, shipmentDay: shipmentDayBefore(day), shipmentTime }));
  });
}

/** `count` working days (Monday to Friday) before `day`. */
export function workingDaysBefore(day: Date, count: number): Date {
  let d = day;
  for (let left = count; left > 0; ) {
    d = addDays(d, -1);
    if (isoWeekday(d) <= 5) left -= 1;
  }
  return d;
}

/** Working days (Monday to Friday) after `from` up to and including `to`; negative when `from` is later. */
export function workingDaysBetween(from: Date, to: Date): number {
  if (from.getTime() > to.getTime()) return -workingDaysBetween(to, from) || -1;
  let count = 0;
  for (let d = addDays(from, 1); d.getTime() <= to.getTime(); d = addDays(d, 1)) if (isoWeekday(d) <= 5) count += 1;
  return count;
}

/**
 * The status an order has `age` working days after its order date: produced on that day, packed the next,
 * shipped the day after (the shipment day of a weekly order) and delivered from then on.
 */
export function reelStatusOn(age: number, cancelled: boolean): ReelStatus {
  if (age < 0) return 'Received';
  if (age === 0) return 'InProduction';
  if (age === 1) return 'Packed';
  if (age === 2) return 'Shipped';
  return cancelled ? 'Cancelled' : 'Delivered';
}

/**
 * Per department and week: the weekly rolls for all its patients, ordered two working days before shipment; and
 * per customer smaller orders on most working days. `weeks` back from the current week, plus the orders
 * already placed for next week.
 */
export function makePackingOrders(facilities: DemoDepartment[], schedules: ScheduleRow[], today: Date, random: Random, weeks: number): PackingOrderRow[] {
  const rows: PackingOrderRow[] = [];
  const monday = addDays(today, 1 - isoWeekday(today));
  const ageOf = (date: Date) => workingDaysBetween(date, today);
  const daysAhead = (date: Date) => Math.round((date.getTime() - today.getTime()) / 86_400_000);
  for (let week = -1; week < weeks; week += 1) {
    const weekStart = addDays(monday, -7 * week);
    for (const facility of facilities) {
      for (const schedule of schedules.filter((s) => s.departmentId === facility.id)) {
        const orderDate = workingDaysBefore(addDays(weekStart, schedule.shipmentDay - 1), 2);
        if (daysAhead(orderDate) > 3) continue;
        const patientCount = Math.max(1, facility.patients + random.int(-2, 1));
        rows.push({
          departmentId: facility.id,
          patientCount,
          bagCount: Math.round(patientCount * 7 * (2.4 + random.next() * 1.4)),
          reelStatus: reelStatusOn(ageOf(orderDate), false),
          orderDate: isoDay(orderDate),
        });
      }
    }
    // Smaller orders on most working days (changed medication, a new patient), on each of the last few.
    for (let day = 0; day < 5; day += 1) {
      const orderDate = addDays(weekStart, day);
      if (daysAhead(orderDate) > 0) continue;
      const recent = ageOf(orderDate) <= 3;
      const extras = (recent || random.chance(0.8) ? 1 : 0) + (random.chance(0.3) ? 1 : 0);
      for (let i = 0; i < extras; i += 1) {
        const patientCount = random.int(1, 3);
        rows.push({
          departmentId: random.pick(facilities).id,
          patientCount,
          bagCount: patientCount * random.int(2, 7) * random.int(1, 4),
          reelStatus: reelStatusOn(ageOf(orderDate), random.chance(0.04)),
          orderDate: isoDay(orderDate),
        });
      }
    }
  }
  return rows.sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a.departmentId - b.departmentId);
}

/** Prices of the current year, excluding VAT; earlier years are 2.9% cheaper per year (yearly indexation). */
export const invoicePrices = {
  roll: { description: 'Baxterrol per patiënt per week', unitPrice: 4.95, vatRate: 9 },
  bags: { description: 'Zakjes', unitPrice: 0.0385, vatRate: 9 },
  delivery: { description: 'Bezorgkosten', unitPrice: 12.5, vatRate: 21 },
  service: { description: 'Service en ondersteuning Mijn Spits', unitPrice: 45, vatRate: 21 },
  urgent: { description: 'Spoedlevering', unitPrice: 37.5, vatRate: 21 },
  extraRoll: { description: 'Extra rol of vakantierol', unitPrice: 6.75, vatRate: 9 },
} as const;
const yearlyIndexation = 1.029;

export const indexedPrice = (price: number, yearsBack: number) => Math.round((price / yearlyIndexation ** yearsBack) * 10_000) / 10_000;

/** How often an ISO weekday occurs in a month (4 or 5). */
function weekdaysInMonth(year: number, month: number, isoDay: number): number {
  let count = 0;
  for (let d = new Date(Date.UTC(year, month, 1)); d.getUTCMonth() === month; d.setUTCDate(d.getUTCDate() + 1)) {
    if (isoWeekday(d) === isoDay) count += 1;
  }
  return count;
}

/** One invoice per month for the `months` months before the current one, with lines per department. */
export function makeInvoices(facilities: DemoDepartment[], schedules: ScheduleRow[], today: Date, random: Random, months: number): InvoiceWithLines[] {
  const result: InvoiceWithLines[] = [];
  const currentYear = today.getUTCFullYear();
  for (let back = 1; back <= months; back += 1) {
    const first = new Date(Date.UTC(currentYear, today.getUTCMonth() - back, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth();
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const price = (item: { unitPrice: number }) => indexedPrice(item.unitPrice, currentYear - year);
    const lines: InvoiceLineRow[] = [];
    for (const facility of facilities) {
      const own = schedules.filter((s) => s.departmentId === facility.id);
      const deliveries = own.reduce((n, s) => n + weekdaysInMonth(year, month, s.arrivalDay), 0);
      const weeks = weekdaysInMonth(year, month, own[0]?.arrivalDay ?? 1);
      const patients = Math.max(1, facility.patients + random.int(-3, 2));
      const { roll, bags, delivery } = invoicePrices;
      lines.push(
        { departmentName: facility.name, description: roll.description, quantity: patients * weeks, unitPrice: price(roll), vatRate: roll.vatRate },
        { departmentName: facility.name, description: bags.description, quantity: Math.round(patients * days * (2.6 + random.next())), unitPrice: price(bags), vatRate: bags.vatRate },
        { departmentName: facility.name, description: delivery.description, quantity: deliveries, unitPrice: price(delivery), vatRate: delivery.vatRate },
      );
      if (random.chance(0.2)) {
        const { extraRoll } = invoicePrices;
        lines.push({ departmentName: facility.name, description: extraRoll.description, quantity: random.int(1, 6), unitPrice: price(extraRoll), vatRate: extraRoll.vatRate });
      }
    }
    if (random.chance(0.25)) {
      const { urgent } = invoicePrices;
      lines.push({ departmentName: random.pick(facilities).name, description: urgent.description, quantity: random.int(1, 2), unitPrice: price(urgent), vatRate: urgent.vatRate });
    }
    const { service } = invoicePrices;
    lines.push({ departmentName: null, description: service.description, quantity: 1, unitPrice: price(service), vatRate: service.vatRate });
    result.push({ processedMonth: isoDay(first), lines });
  }
  return result;
}

/**
 * Per invoice (`client_id`, `invoice_id`) of a relation of invoice lines: its total including VAT, by the rule
 * the invoice files print (modules/invoices/invoice-totals.ts): each line's net amount rounded to cents, VAT
 * per rate over the sum of those, rounded to cents (half away from zero, PostgreSQL's round()).
 */
export function invoiceTotalsSql(lines: string): string {
  return `select client_id, invoice_id, sum(net + round(net * vat_rate / 100, 2)) as total
    from (select client_id, invoice_id, vat_rate, sum(round(quantity * unit_price, 2)) as net
          from ${lines} group by client_id, invoice_id, vat_rate) per_rate
    group by client_id, invoice_id`;
}
