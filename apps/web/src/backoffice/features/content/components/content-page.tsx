import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { feedback } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';

/**
 * A content screen of the back-office (memos, FAQ, service products): a heading with its "new" button, the list
 * once loaded (or loading, failing, empty), the dialog that makes or changes one, and the outcome at the bottom.
 */
export function ContentPage<T>({
  title,
  addLabel,
  addIcon,
  query,
  loadingLabel,
  emptyText,
  list,
  dialog,
}: {
  title: string;
  addLabel: string;
  addIcon: ReactNode;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  emptyText: string;
  list: (items: T[], actions: { edit: (item: T) => void; notify: (message: string) => void }) => ReactNode;
  dialog: (item: T | null, close: (saved: string | null) => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const notice = useNotice<string>();
  return (
    <>
      <PageHeading
        title={title}
        action={
          <Button variant="contained" startIcon={addIcon} onClick={() => setEditing({ item: null })}>
            {addLabel}
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingState label={loadingLabel} showLabel />
      ) : query.isError ? (
        <LoadFailed message={feedback.serverError} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        list(query.data, { edit: (item) => setEditing({ item }), notify: notice.show })
      )}
      {editing &&
        dialog(editing.item, (saved) => {
          setEditing(null);
          if (saved) notice.show(saved);
        })}
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
