import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { backofficePaths } from '../../../paths';
import { faqQueryOptions, useDeleteFaqItem, useMoveFaqItem } from '../api/content';
import { ConfirmDelete } from '../components/confirm-delete';
import { ContentPage } from '../components/content-page';
import { FaqDialog } from '../components/faq-dialog';

/** Veelgestelde vragen: the FAQ in the order customers see it, drafts included. */
export default function FaqAdminRoute() {
  const items = useQuery(faqQueryOptions());
  const move = useMoveFaqItem();
  const remove = useDeleteFaqItem();
  return (
    <ContentPage
      title={backofficePaths.faq.title}
      addLabel="Nieuwe vraag"
      addIcon={<AddOutlined />}
      query={items}
      loadingLabel="Vragen laden…"
      emptyText="Er zijn nog geen vragen."
      dialog={(item, close) => <FaqDialog item={item} onClose={close} />}
      list={(faq, { edit, notify }) => (
        <Box component="ol" aria-label={backofficePaths.faq.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {faq.map((f, index) => (
            <Paper component="li" variant="outlined" key={f.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ display: 'flex' }}>
                <IconButton aria-label={`${f.title} omhoog`} disabled={index === 0 || move.isPending} onClick={() => move.mutate({ id: f.id, direction: 'up' })}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`${f.title} omlaag`}
                  disabled={index === faq.length - 1 || move.isPending}
                  onClick={() => move.mutate({ id: f.id, direction: 'down' })}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </Box>
              <Typography sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>{f.title}</Typography>
              {f.isPublished ? <Chip size="small" color="success" label="Gepubliceerd" /> : <Chip size="small" label="Concept" />}
              <Button size="small" variant="outlined" onClick={() => edit(f)} aria-label={`${f.title} wijzigen`}>
                Wijzigen
              </Button>
              <ConfirmDelete
                what={f.title}
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ id: f.id }, { onSuccess: () => notify(`"${f.title}" is verwijderd.`) })}
              />
            </Paper>
          ))}
        </Box>
      )}
    />
  );
}
