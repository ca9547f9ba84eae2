import { describe, expect, it } from 'vitest';
import { calls, deliveryScheduleTableColumns, tableDefaults, type DeliveryScheduleRow } from '@portal/contract';
import { deliverySchedules } from '../../db/schema.js';
import { describeTableCall, tableReader } from '../../test/table-call.js';
import { useTableCustomers } from '../../test/table-customers.js';
import { weekdayNames } from './weekdays.js';

const getTable = calls.deliverySchedule.getOrderFulfillmentSchedulesTable;

// [facility index (0 = the harness's 'Afdeling A'), arrival day, arrival time, shipment day, shipment time]
const schedules: [number, number, string, number, string][] = [
  [0, 2, '08:30', 1, '16:00'],
  [0, 5, '09:00', 4, '15:30'],
  [1, 3, '07:45', 2, '17:00'],
  [2, 1, '10:15', 7, '12:00'],
  [3, 6, '11:00', 5, '14:45'],
  [3, 4, '06:30', 3, '18:15'],
];

const table = useTableCustomers(
  ['Kleinschalig Wonen Église', 'afdeling Zeeroos', 'Duinzicht'],
  ['Verpleeghuis Andermans'],
  ({ ctx, own, other, ownDepartments, otherDepartments }) =>
    ctx.database.ownerDb.insert(deliverySchedules).values([
      ...schedules.map(([f, arrivalDay, arrivalTime, shipmentDay, shipmentTime]) => ({
        customerId: own.id,
        departmentId: ownDepartments[f]!,
        arrivalDay,
        arrivalTime,
        shipmentDay,
        shipmentTime,
      })),
      { customerId: other.id, departmentId: otherDepartments[1]!, arrivalDay: 7, arrivalTime: '09:00', shipmentDay: 6, shipmentTime: '13:00' },
    ]),
);

const rows = tableReader<DeliveryScheduleRow>(table, getTable);

const collator = new Intl.Collator('nl');
const dayNumber = (name: string) => weekdayNames.indexOf(name as (typeof weekdayNames)[number]) + 1;
const compare: Record<(typeof deliveryScheduleTableColumns)[number], (a: DeliveryScheduleRow, b: DeliveryScheduleRow) => number> = {
  facility: (a, b) => collator.compare(a.facility, b.facility),
  arrivalDay: (a, b) => dayNumber(a.arrivalDay) - dayNumber(b.arrivalDay),
  arrivalTime: (a, b) => a.arrivalTime.localeCompare(b.arrivalTime),
  shipmentDay: (a, b) => dayNumber(a.shipmentDay) - dayNumber(b.shipmentDay),
  shipmentTime: (a, b) => a.shipmentTime.localeCompare(b.shipmentTime),
};

describeTableCall(
  {
    call: getTable,
    columns: deliveryScheduleTableColumns,
    defaults: tableDefaults.calendar,
    total: schedules.length,
    compare,
    folding: { term: 'Wonen Église', found: 1 },
    other: { term: 'andermans', total: 1 },
  },
  () => table,
);

describe('Order/GetOrderFulfillmentSchedulesTable', () => {
  it('answers the own schedules by facility, days as Dutch names, times as HH:mm', async () => {
    const { total, items } = await rows({});
    expect(total).toBe(schedules.length);
    expect(items.map((r) => r.facility)).toEqual([
      'Afdeling A',
      'Afdeling A',
      'afdeling Zeeroos',
      'Duinzicht',
      'Duinzicht',
      'Kleinschalig Wonen Église',
    ]);
    expect(items).toContainEqual({
      facility: 'afdeling Zeeroos',
      arrivalDay: 'Maandag',
      arrivalTime: '10:15',
      shipmentDay: 'Zondag',
      shipmentTime: '12:00',
    });
  });

  it('sorts days from Monday to Sunday, not alphabetically', async () => {
    const days = (await rows({ sortBy: 'arrivalDay' })).items.map((r) => r.arrivalDay);
    expect(days).toEqual(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag']);
    const shipment = (await rows({ sortBy: 'shipmentDay', descending: true })).items.map((r) => r.shipmentDay);
    expect(shipment).toEqual(['Zondag', 'Vrijdag', 'Donderdag', 'Woensdag', 'Dinsdag', 'Maandag']);
  });

  it('searches the facility', async () => {
    expect((await rows({ search: 'EGLISE' })).items.map((r) => r.facility)).toEqual(['Kleinschalig Wonen Église']);
    expect((await rows({ search: 'ZEEROOS' })).items.map((r) => r.facility)).toEqual(['afdeling Zeeroos']);
  });

  it('searches the arrival and shipment days by name', async () => {
    // Sunday is only a shipment day (Zeeroos); Monday is an arrival day there and a shipment day of Afdeling A.
    expect((await rows({ search: 'ZONDAG' })).items.map((r) => r.facility)).toEqual(['afdeling Zeeroos']);
    expect((await rows({ search: 'maandag' })).items.map((r) => r.facility)).toEqual(['Afdeling A', 'afdeling Zeeroos']);
    expect((await rows({ search: 'dag' })).total).toBe(schedules.length);
    expect((await rows({ search: 'feestdag' })).total).toBe(0);
    // The other customer ships on Saturday too: only the own row.
    expect((await rows({ search: 'zaterdag' })).items.map((r) => r.facility)).toEqual(['Duinzicht']);
  });

  it('shows the other customer only its own schedule', async () => {
    expect((await rows({}, table.otherToken)).items).toEqual([
      { facility: 'Verpleeghuis Andermans', arrivalDay: 'Zondag', arrivalTime: '09:00', shipmentDay: 'Zaterdag', shipmentTime: '13:00' },
    ]);
  });
});
