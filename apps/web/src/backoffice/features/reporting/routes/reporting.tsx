import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { feedback, reportFigures, reportingText, reportQuery, type ReportQuery } from '@portal/contract';
import { useMemo } from 'react';
import { FilterForm, type FilterField } from '@/components/filters/filter-form';
import { isFilterDate, useUrlFilters } from '@/components/filters/use-url-filters';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { reportQueryOptions } from '../api/reporting';
import { ReportFigureCard } from '../components/report-figure';

const none = { from: '', until: '' };
type Texts = typeof none;

const fields: readonly FilterField<Texts>[] = [
  { name: 'from', label: reportingText.fromLabel, type: 'day' },
  { name: 'until', label: reportingText.untilLabel, type: 'day' },
];

/** The contract's own rules for a period (in order, at most two years), said under the field they concern. */
function periodRule({ from, until }: Texts) {
  const checked = reportQuery.safeParse({ from: from || null, until: until || null });
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/**
 * Rapportage (issue 30.8): the inbox's figures over a period, each as a chart with its numbers in a table under
 * it and as a CSV file. The period is kept in the address; without one the server reports the last 12 weeks.
 */
export default function ReportingRoute() {
  const { values, change } = useUrlFilters(none, { from: isFilterDate, until: isFilterDate });
  const period = useMemo<ReportQuery>(() => ({ from: values.from || null, until: values.until || null }), [values]);
  const report = useQuery(reportQueryOptions(period));
  const role = useStaffSession()?.staff.role;

  return (
    <>
      <PageHeading title={backofficePaths.reporting.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {reportingText.intro}
      </Typography>
      <FilterForm
        label={reportingText.filterLabel}
        fields={fields}
        applied={values}
        none={none}
        onApply={change}
        rule={periodRule}
        columns={{ xs: '1fr', sm: '1fr 1fr auto' }}
      />
      {report.isPending ? (
        <LoadingState label={reportingText.loading} showLabel />
      ) : report.isError ? (
        <LoadFailed message={feedback.serverError} error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : (
        <>
          <Typography sx={{ mb: role === 'Kwaliteit' ? 0.5 : 2 }}>{reportingText.period(report.data.from, report.data.until)}</Typography>
          {role === 'Kwaliteit' && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {reportingText.kwaliteitOnly}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2 }} aria-busy={report.isFetching || undefined}>
            {reportFigures.map((figure) => (
              <ReportFigureCard key={figure} report={report.data} figure={figure} period={period} />
            ))}
          </Box>
        </>
      )}
    </>
  );
}
