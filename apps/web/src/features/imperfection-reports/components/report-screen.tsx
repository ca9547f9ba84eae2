import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { PageHeading } from '@/components/page-heading';
import type { ReportVariant } from '../variants/report-variant';
import { DropdownDataState } from './dropdown-data-state';
import { ReportForm } from './report-form';

interface ReportScreenProps<TValues extends FieldValues, TData, TPayload> {
  title: string;
  /** The server's choices (or catalogue) the variant's fields offer. */
  query: UseQueryResult<TData>;
  loadingLabel: string;
  variant: ReportVariant<TValues, TData, TPayload>;
}

/** The screen of a report variant that needs the server's choices: loading, then the form, or the failure. */
export function ReportScreen<TValues extends FieldValues, TData, TPayload>({ title, query, loadingLabel, variant }: ReportScreenProps<TValues, TData, TPayload>) {
  return (
    <>
      <PageHeading title={title} />
      <DropdownDataState query={query} loadingLabel={loadingLabel}>
        {(data) => <ReportForm variant={variant} data={data} />}
      </DropdownDataState>
    </>
  );
}
