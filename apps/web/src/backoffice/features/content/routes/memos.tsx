import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback, type MemoItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { formatDate } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { customerChoicesQueryOptions, memosQueryOptions, useDeleteMemo } from '../api/content';
import { ConfirmDelete } from '../components/confirm-delete';
import { MemoDialog } from '../components/memo-dialog';

/** Memo's: the announcements on the customers' dashboard, with their period and audience. */
export default function MemosRoute() {
  const memos = useQuery(memosQueryOptions());
  const customers = useQuery(customerChoicesQueryOptions());
  const remove = useDeleteMemo();
  const [editing, setEditing] = useState<MemoItem | 'new' | null>(null);
  const notice = useNotice<string>();
  const nameOf = (id: string) => customers.data?.find((c) => c.id === id)?.name ?? 'onbekende klant';

  return (
    <>
      <PageHeading
        title={backofficePaths.memos.title}
        action={
          <Button variant="contained" startIcon={<AddCommentOutlined />} onClick={() => setEditing('new')}>
            Nieuwe memo
          </Button>
        }
      />
      {memos.isPending ? (
        <LoadingState label="Memo's laden…" showLabel />
      ) : memos.isError ? (
        <LoadFailed message={feedback.serverError} error={memos.error} onRetry={() => void memos.refetch()} retrying={memos.isFetching} />
      ) : memos.data.length === 0 ? (
        <Typography color="text.secondary">Er zijn nog geen memo's.</Typography>
      ) : (
        <Box component="ul" aria-label={backofficePaths.memos.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {memos.data.map((m) => (
            <Paper component="li" variant="outlined" key={m.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', flexGrow: 1 }}>
                  {m.title}
                </Typography>
                {m.shownNow ? <Chip size="small" color="success" label="Nu zichtbaar" /> : <Chip size="small" label="Niet zichtbaar" />}
              </Box>
              <Typography variant="body2" color="text.secondary">
                Van {formatDate(m.activeFrom)} {m.activeUntil ? `tot en met ${formatDate(m.activeUntil)}` : 'zonder einde'} ·{' '}
                {m.clientIds === null ? 'alle klanten' : m.clientIds.map(nameOf).join(', ')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                <Button size="small" variant="outlined" onClick={() => setEditing(m)} aria-label={`${m.title} wijzigen`}>
                  Wijzigen
                </Button>
                <ConfirmDelete
                  what={m.title}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutate({ id: m.id }, { onSuccess: () => notice.show(`De memo "${m.title}" is verwijderd.`) })}
                />
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      {editing && (
        <MemoDialog
          memo={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) notice.show(saved);
          }}
        />
      )}
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
