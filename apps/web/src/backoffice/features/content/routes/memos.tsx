import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { contentText } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { customerChoicesQueryOptions, memosQueryOptions, useDeleteMemo } from '../api/content';
import { ConfirmDelete } from '../components/confirm-delete';
import { ContentPage } from '../components/content-page';
import { MemoDialog } from '../components/memo-dialog';

/** Memo's: the announcements on the customers' dashboard, with their period and audience. */
export default function MemosRoute() {
  const memos = useQuery(memosQueryOptions());
  const customers = useQuery(customerChoicesQueryOptions());
  const remove = useDeleteMemo();
  const nameOf = (id: string) => customers.data?.find((c) => c.id === id)?.name ?? contentText.unknownCustomerName;
  return (
    <ContentPage
      title={backofficePaths.memos.title}
      addLabel="Nieuwe memo"
      addIcon={<AddCommentOutlined />}
      query={memos}
      loadingLabel="Memo's laden…"
      emptyText="Er zijn nog geen memo's."
      dialog={(memo, close) => <MemoDialog memo={memo} onClose={close} />}
      list={(items, { edit, notify }) => (
        <Box component="ul" aria-label={backofficePaths.memos.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {items.map((m) => (
            <Paper component="li" variant="outlined" key={m.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', flexGrow: 1 }}>
                  {m.title}
                </Typography>
                {m.shownNow ? <Chip size="small" color="success" label="Nu zichtbaar" /> : <Chip size="small" label="Niet zichtbaar" />}
              </Box>
              <Typography variant="body2" color="text.secondary">
                Van {formatDate(m.activeFrom)} {m.activeUntil ? `tot en met ${formatDate(m.activeUntil)}` : 'zonder einde'} ·{' '}
                {m.customerIds === null ? 'alle klanten' : m.customerIds.map(nameOf).join(', ')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
                <Button size="small" variant="outlined" onClick={() => edit(m)} aria-label={`${m.title} wijzigen`}>
                  Wijzigen
                </Button>
                <ConfirmDelete
                  what={m.title}
                  pending={remove.isPending}
                  onConfirm={() => remove.mutate({ id: m.id }, { onSuccess: () => notify(`De memo "${m.title}" is verwijderd.`) })}
                />
              </Box>
            </Paper>
          ))}
        </Box>
      )}
    />
  );
}
