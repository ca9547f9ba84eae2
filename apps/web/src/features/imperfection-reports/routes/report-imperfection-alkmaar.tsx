import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useDropdownDataAlkmaar } from '../api/get-dropdown-data-alkmaar';
import { AlkmaarForm } from '../components/alkmaar-form';
import { DropdownDataState } from '../components/dropdown-data-state';

export default function ReportImperfectionAlkmaarRoute() {
  const dropdownData = useDropdownDataAlkmaar();
  return (
    <>
      <PageHeading title={paths.imperfectionReports.Alkmaar.title} />
      <DropdownDataState query={dropdownData} loadingLabel="Keuzelijsten laden…">
        {(data) => <AlkmaarForm data={data} />}
      </DropdownDataState>
    </>
  );
}
