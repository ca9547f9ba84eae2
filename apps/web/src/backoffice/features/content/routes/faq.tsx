import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedback, type FaqAdminItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { backofficePaths } from '../../../paths';
import { faqQueryOptions, useDeleteFaqItem, useMoveFaqItem } from '../api/content';
import { ConfirmDelete } from '../components/confirm-delete';
import { FaqDialog } from '../components/faq-dialog';

/** Veelgestelde vragen: the FAQ in the order customers see it, drafts included. */
export default function FaqAdminRoute() {
  const items = useQuery(faqQueryOptions());
  const move = useMoveFaqItem();
  const remove = useDeleteFaqItem();
  const [editing, setEditing] = useState<FaqAdminItem | 'new' | null>(null);
  const notice = useNotice<string>();
  return (
    <>
      <PageHeading
        title={backofficePaths.faq.title}
        action={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Nieuwe vraag
          </Button>
        }
      />
      {items.isPending ? (
        <LoadingState label="Vragen laden…" showLabel />
      ) : items.isError ? (
        <LoadFailed message={feedback.serverError} error={items.error} onRetry={() => void items.refetch()} retrying={items.isFetching} />
      ) : items.data.length === 0 ? (
        <Typography color="text.secondary">Er zijn nog geen vragen.</Typography>
      ) : (
        <Box component="ol" aria-label={backofficePaths.faq.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.data.map((f, index) => (
            <Paper component="li" variant="outlined" key={f.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ display: 'flex' }}>
                <IconButton aria-label={`${f.title} omhoog`} disabled={index === 0 || move.isPending} onClick={() => move.mutate({ id: f.id, direction: 'up' })}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`${f.title} omlaag`}
                  disabled={index === items.data.length - 1 || move.isPending}
                  onClick={() => move.mutate({ id: f.id, direction: 'down' })}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </Box>
              <Typography sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>{f.title}</Typography>
              {f.isPublished ? <Chip size="small" color="success" label="Gepubliceerd" /> : <Chip size="small" label="Concept" />}
              <Button size="small" variant="outlined" onClick={() => setEditing(f)} aria-label={`${f.title} wijzigen`}>
                Wijzigen
              </Button>
              <ConfirmDelete
                what={f.title}
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ id: f.id }, { onSuccess: () => notice.show(`"${f.title}" is verwijderd.`) })}
              />
            </Paper>
          ))}
        </Box>
      )}
      {editing && (
        <FaqDialog
          item={editing === 'new' ? null : editing}
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
