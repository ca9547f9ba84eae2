import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useDropdownDataApeldoorn } from '../api/get-dropdown-data-apeldoorn';
import { ApeldoornForm } from '../components/apeldoorn-form';
import { DropdownDataState } from '../components/dropdown-data-state';

export default function ReportImperfectionApeldoornRoute() {
  const dropdownData = useDropdownDataApeldoorn();
  return (
    <>
      <PageHeading title={paths.imperfectionReports.Apeldoorn.title} />
      <DropdownDataState query={dropdownData} loadingLabel="Keuzelijsten laden…">
        {(data) => <ApeldoornForm data={data} />}
      </DropdownDataState>
    </>
  );
}
