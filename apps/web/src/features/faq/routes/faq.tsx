import Box from '@mui/material/Box';
import { feedback } from '@portal/contract';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useFaqItems } from '../api/get-faq-items';
import { FaqList } from '../components/faq-list';
import { QuestionForm } from '../components/question-form';

export default function FaqRoute() {
  const faq = useFaqItems();

  return (
    <>
      <PageHeading title={paths.faq.title} />
      <Box sx={{ display: 'grid', gap: 4, maxWidth: 880 }}>
        <Box>
          {faq.isPending ? (
            <LoadingState label="Veelgestelde vragen laden…" />
          ) : faq.isError ? (
            <LoadFailed message={feedback.serverError} error={faq.error} onRetry={() => void faq.refetch()} retrying={faq.isFetching} />
          ) : (
            <FaqList items={faq.data} />
          )}
        </Box>
        <QuestionForm />
      </Box>
    </>
  );
}
