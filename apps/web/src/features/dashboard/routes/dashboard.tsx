import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { productName } from '@/lib/paths';
import { useActiveMemos } from '../api/get-active-memos';
import { MemoCard } from '../components/memo-card';

const headingId = 'memos-heading';

export default function DashboardRoute() {
  const memos = useActiveMemos();

  return (
    <>
      <PageHeading title={productName} />
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
          Mededelingen
        </Typography>
        {memos.isPending ? (
          <LoadingState label="Mededelingen laden…" />
        ) : memos.isError ? (
          <LoadFailed message={feedback.serverError} error={memos.error} onRetry={() => void memos.refetch()} retrying={memos.isFetching} />
        ) : memos.data.length === 0 ? (
          <Typography color="text.secondary">Er zijn op dit moment geen mededelingen.</Typography>
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
    </>
  );
}
