import Alert from '@mui/material/Alert';
import {
  feedback,
  tableDefaults,
  type DeliveryScheduleRow,
  type DeliveryScheduleTableColumn,
  exportCalls,
} from '@portal/contract';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { getDeliveryScheduleTableQueryOptions } from '../api/get-delivery-schedule-table';

const columns: DataTableColumn<DeliveryScheduleRow, DeliveryScheduleTableColumn>[] = [
  { field: 'facility', header: 'Afdeling' },
  { field: 'arrivalDay', header: 'Aankomstdag' },
  { field: 'arrivalTime', header: 'Aankomsttijd', noWrap: true },
  { field: 'shipmentDay', header: 'Verzenddag' },
  { field: 'shipmentTime', header: 'Verzendtijd', noWrap: true },
];

export default function DeliverySchedulesRoute() {
  return (
    <>
      <PageHeading title={paths.deliverySchedules.title} />
      <Alert severity="info" sx={{ mb: 3 }}>
        Let op: rond feestdagen gelden afwijkende leveringsafspraken. Deze worden vooraf aan u bekendgemaakt.
      </Alert>
      <DataTable
        label="Leveringsafspraken"
        query={getDeliveryScheduleTableQueryOptions}
        exportCall={exportCalls.deliverySchedules}
        columns={columns}
        defaults={tableDefaults.calendar}
        emptyText={feedback.emptyCalendar}
        searchable
        searchHint="Zoek op afdeling of dag"
      />
    </>
  );
}
