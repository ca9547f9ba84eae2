import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useImperfectionCatalogueOosterwolde } from '../api/get-imperfection-catalogue-oosterwolde';
import { DropdownDataState } from '../components/dropdown-data-state';
import { OosterwoldeForm } from '../components/oosterwolde-form';

export default function ReportImperfectionOosterwoldeRoute() {
  const catalogue = useImperfectionCatalogueOosterwolde();
  return (
    <>
      <PageHeading title={paths.imperfectionReports.Oosterwolde.title} />
      <DropdownDataState query={catalogue} loadingLabel="Klachttypen laden…">
        {(data) => <OosterwoldeForm catalogue={data} />}
      </DropdownDataState>
    </>
  );
}
