import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { feedback, type InvoiceRow } from '@portal/contract';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { callMissing } from '@/lib/api-client';
import { useDeploymentProfile } from '@/lib/deployment-profile';
import { productName } from '@/lib/paths';
import { useActiveMemos } from '../api/get-active-memos';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { MemoCard } from '../components/memo-card';
import { memoTexts } from '../components/memo-texts';
import { Overview } from '../components/overview';

const memosHeadingId = 'memos-heading';
const overviewHeadingId = 'overview-heading';

interface DashboardRouteProps {
  /** what the latest invoice offers (its downloads): the app's page composes it from the invoices feature */
  invoiceActions?: (row: InvoiceRow) => ReactNode;
}

const noActions = () => null;

export default function DashboardRoute({ invoiceActions = noActions }: DashboardRouteProps) {
  const memos = useActiveMemos();
  const summary = useDashboardSummary();
  const profile = useDeploymentProfile();
  // A server of the spec's API alone has no overview: the dashboard is its memos, as the spec has it.
  const withOverview = !(summary.isError && callMissing(summary.error));

  return (
    <>
      <PageHeading title={productName} />
      <Box component="section" aria-labelledby={memosHeadingId}>
        <Typography id={memosHeadingId} variant="h2" sx={{ mb: 2 }}>
          {memoTexts.heading}
        </Typography>
        {memos.isPending ? (
          <LoadingState label="Mededelingen laden…" />
        ) : memos.isError ? (
          <LoadFailed message={feedback.serverError} error={memos.error} onRetry={() => void memos.refetch()} retrying={memos.isFetching} />
        ) : memos.data.length === 0 ? (
          <Typography color="text.secondary">{memoTexts.none}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'stretch',
            }}
          >
            {memos.data.map((memo) => (
              <MemoCard key={memo.memoId} memo={memo} />
            ))}
          </Box>
        )}
      </Box>
      {withOverview && (
        <Box component="section" aria-labelledby={overviewHeadingId} sx={{ mt: 4 }}>
          <Typography id={overviewHeadingId} variant="h2" sx={{ mb: 2 }}>
            Overzicht
          </Typography>
          {summary.isPending || !profile ? (
            <LoadingState label="Overzicht laden…" />
          ) : summary.isError ? (
            <LoadFailed message={feedback.serverError} error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
          ) : (
            <Overview summary={summary.data} profile={profile} invoiceActions={invoiceActions} />
          )}
        </Box>
      )}
    </>
  );
}
