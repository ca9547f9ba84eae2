import Paper from '@mui/material/Paper';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { backofficePaths } from '../../../paths';
import { useCreateCustomer } from '../api/customers';
import { CustomerFieldsForm, newCustomerResolver } from '../components/customer-fields-form';
import { customerHref, noSite } from '../components/customer-labels';

/** Nieuwe klant: code, name, kind and site; then the customer's page, to invite its first administrator. */
export default function CustomerAddRoute() {
  const create = useCreateCustomer();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title={backofficePaths.customerAdd.title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <CustomerFieldsForm
          label={backofficePaths.customerAdd.title}
          initial={{ code: '', name: '', kind: 'Pharmacy', site: noSite }}
          withCode
          submitLabel="Klant aanmaken"
          resolver={newCustomerResolver}
          submission={create}
          onSaved={({ id }) => void navigate(customerHref(id))}
        />
      </Paper>
    </>
  );
}
