import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { backofficeItemPath, inboxQueueText as t, type InboxDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { backofficePaths } from '../../../paths';
import { neighboursQueryOptions } from '../api/inbox-queue';
import { listRequestOf } from './inbox-list-state';
import { actionFailure } from './action-failure';
import { LazyPart } from '@/components/lazy-component';
import { useShortcuts } from './shortcuts';
import { useQueueActs } from './use-queue-acts';

const loadShortcutsDialog = () => import('./shortcuts-dialog');

/** Where the answer form's text is: `r` puts the cursor there. */
const answerField = () =>
  document.querySelector<HTMLElement>('form[aria-label="Beantwoorden"] textarea[name="text"]') ??
  document.querySelector<HTMLElement>('form[aria-label="Beantwoorden"] [name="subject"]');

/**
 * The item's place in the queue (issue 30.5): the previous and next item of the list it was opened from (its
 * filters, search and sort travel in the link's state), "Mij toewijzen", "Archiveren en volgende", and the keys.
 */
export default function ItemQueueBar({ item, me, onDone }: { item: InboxDetail; me: number | undefined; onDone: (message: string) => void }) {
  const inboxSearch = (useLocation().state as { inboxSearch?: string } | null)?.inboxSearch ?? '';
  const list = useMemo(() => listRequestOf(inboxSearch), [inboxSearch]);
  const ref = { itemKind: item.itemKind, id: item.id };
  const around = useQuery(neighboursQueryOptions(list, ref));
  const navigate = useNavigate();
  const acts = useQueueActs(me);
  const { previous = null, next = null, position = null, total = 0 } = around.data ?? {};
  const open = (target: { itemKind: InboxDetail['itemKind']; id: number } | null) => {
    if (target) void navigate(backofficeItemPath(target), { state: { inboxSearch } });
  };
  const mine = item.assignee?.id === me;
  const archived = item.status === 'Archived';

  const assignToMe = () => {
    if (!mine) void acts.assignToMe(ref).then(() => onDone(t.assignedToMe), () => undefined);
  };
  const archiveAndNext = () => {
    // The next item as the list stood before this one left it.
    const following = next;
    void acts.archive(item).then(
      () => {
        onDone(t.archived);
        if (following) open(following);
        else void navigate(`${backofficePaths.inbox.path}${inboxSearch}`);
      },
      () => undefined,
    );
  };
  const shortcuts = useShortcuts({
    j: () => open(next),
    k: () => open(previous),
    m: assignToMe,
    e: () => {
      if (!archived && !acts.pending) archiveAndNext();
    },
    r: () => answerField()?.focus(),
  });

  return (
    <Box component="nav" aria-label="Wachtrij" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <Button component={RouterLink} to={previous ? backofficeItemPath(previous) : '#'} state={{ inboxSearch }} disabled={!previous} startIcon={<ChevronLeft />}>
        {t.previous}
      </Button>
      <Button component={RouterLink} to={next ? backofficeItemPath(next) : '#'} state={{ inboxSearch }} disabled={!next} endIcon={<ChevronRight />}>
        {t.next}
      </Button>
      {position !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {t.position(position, total)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { md: 'auto' } }}>
        {!mine && (
          <Button variant="outlined" onClick={assignToMe} disabled={acts.pending}>
            {t.assignToMe}
          </Button>
        )}
        {!archived && (
          <Button variant="contained" onClick={archiveAndNext} loading={acts.pending} disabled={acts.pending}>
            {t.archiveAndNext}
          </Button>
        )}
        <Button onClick={shortcuts.openHelp}>{t.shortcutsHint}</Button>
      </Box>
      {acts.error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }} onClose={acts.reset}>
          {actionFailure(acts.error)}
        </Alert>
      )}
      {shortcuts.helpOpen && <LazyPart load={loadShortcutsDialog} props={{ open: true, onClose: shortcuts.closeHelp }} />}
    </Box>
  );
}
