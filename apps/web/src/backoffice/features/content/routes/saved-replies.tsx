import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { inboxKindText, savedReplyText } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { backofficePaths } from '../../../paths';
import { ConfirmDelete } from '../components/confirm-delete';
import { ContentPage } from '../components/content-page';
import { savedRepliesQueryOptions, useDeleteSavedReply } from '../../../lib/saved-replies';
import { SavedReplyDialog } from '../components/saved-reply-dialog';

/** Standaardantwoorden (issue 30.4): the replies staff choose in an item's answer form, kept by the Beheerder. */
export default function SavedRepliesRoute() {
  const replies = useQuery(savedRepliesQueryOptions());
  const remove = useDeleteSavedReply();
  return (
    <ContentPage
      title={backofficePaths.savedReplies.title}
      addLabel="Nieuw standaardantwoord"
      addIcon={<AddOutlined />}
      query={replies}
      loadingLabel="Standaardantwoorden laden…"
      emptyText={savedReplyText.none}
      dialog={(reply, close) => <SavedReplyDialog reply={reply} onClose={close} />}
      list={(items, { edit, notify }) => (
        <Box component="ul" aria-label={backofficePaths.savedReplies.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((reply) => (
            <Paper component="li" variant="outlined" key={reply.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography>{reply.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {reply.kinds === null ? savedReplyText.allKinds : reply.kinds.map(inboxKindText).join(', ')}
                </Typography>
              </Box>
              <Button size="small" variant="outlined" onClick={() => edit(reply)} aria-label={`${reply.name} wijzigen`}>
                Wijzigen
              </Button>
              <ConfirmDelete
                what={reply.name}
                consequence="Medewerkers kunnen het dan niet meer kiezen."
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ id: reply.id }, { onSuccess: () => notify(savedReplyText.deleted) })}
              />
            </Paper>
          ))}
        </Box>
      )}
    />
  );
}
