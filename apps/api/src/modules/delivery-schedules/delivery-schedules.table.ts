import { sql } from 'drizzle-orm';
import { tableDefaults, type DeliveryScheduleRow, type DeliveryScheduleTableColumn } from '@portal/contract';
import { departmentRows, type TableDefinition } from '../../lib/tables.js';
import { weekdayName, weekdaysMatching } from './weekdays.js';

/** `HH:mm`, also when a time was stored as `H:mm` or with seconds. */
function clockTime(stored: unknown): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(String(stored));
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : String(stored);
}

/** The customer's weekly delivery agreements per facility (Leveringsafspraken, the calendar screen). */
export const deliveryScheduleTable: TableDefinition<DeliveryScheduleTableColumn, DeliveryScheduleRow> = {
  sortColumns: {
    facility: sql`f.name collate portal_sort`,
    // Days sort Monday to Sunday, not by the alphabet of their names.
    arrivalDay: sql`ds.arrival_day`,
    arrivalTime: sql`ds.arrival_time`,
    shipmentDay: sql`ds.shipment_day`,
    shipmentTime: sql`ds.shipment_time`,
  },
  defaults: tableDefaults.calendar,
  // Weekly agreements, a few per department: short pages keep one plan for every customer (decisions 0037, 0038).
  fewRowsPerCustomer: true,
  ...departmentRows('delivery_schedules', 'ds', ['arrivalDay', 'arrivalTime', 'shipmentDay', 'shipmentTime']),
  search: (pattern, term) => {
    const byDepartment = sql`portal_fold(f.name) like ${pattern}`;
    const days = weekdaysMatching(term);
    if (!days.length) return byDepartment;
    const dayList = sql`${sql.param(days)}::int[]`;
    return sql`${byDepartment} or ds.arrival_day = any(${dayList}) or ds.shipment_day = any(${dayList})`;
  },
  select: sql`f.name as facility, ds.arrival_day, ds.arrival_time, ds.shipment_day, ds.shipment_time`,
  toRow: (r) => ({
    facility: String(r.facility),
    arrivalDay: weekdayName(Number(r.arrival_day)),
    arrivalTime: clockTime(r.arrival_time),
    shipmentDay: weekdayName(Number(r.shipment_day)),
    shipmentTime: clockTime(r.shipment_time),
  }),
};
