import Typography from '@mui/material/Typography';
import { PageHeading } from '@/components/page-heading';
import { productName } from '@/lib/paths';

export default function DashboardRoute() {
  return (
    <>
      <PageHeading title={productName} />
      <Typography color="text.secondary">De actuele mededelingen verschijnen hier binnenkort.</Typography>
    </>
  );
}
