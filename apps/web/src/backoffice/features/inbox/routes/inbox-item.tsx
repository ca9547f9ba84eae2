import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { departmentPhrase, feedback, inboxKindText, inboxQueueText, type InboxDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';
import { PageHeading } from '@/components/page-heading';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { inboxItemQueryOptions } from '../api/inbox';
import { itemRefOf, referenceText } from '../components/inbox-labels';
import { ItemAttachments } from '../components/item-attachments';
import { ItemForm } from '../components/item-form';
import { ItemHandling } from '../components/item-handling';
import { ItemHistory } from '../components/item-history';
import { LazyPart } from '@/components/lazy-component';
import { DueLabel } from '../components/due-label';
import { useStaffSession } from '../../../lib/staff-session';
import { AnswerForm, NoteForm } from '../components/item-messages';
import { LazyCustomerContext } from '../components/lazy-customer-context';
import { FactList, ItemSection } from '../components/item-section';

const loadItemQueueBar = () => import('../components/item-queue-bar');

const column = { display: { xs: 'contents', lg: 'grid' }, gap: 3, minWidth: 0, alignContent: 'start' } as const;

/** Back to the inbox as it was left: its filters travel in the link's state. */
function BackLink() {
  const state = useLocation().state as { inboxSearch?: string } | null;
  return (
    <Button component={RouterLink} to={`${backofficePaths.inbox.path}${state?.inboxSearch ?? ''}`} startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      Terug naar de inbox
    </Button>
  );
}

function Facts({ item }: { item: InboxDetail }) {
  const submitter = [item.submitter.name, item.submitter.emailAddress].filter(Boolean).join('\n') || 'Onbekend';
  const facts: [string, ReactNode][] = [
    ['Status', <InboxStatusChip key="status" status={item.status} />],
    ['Ontvangen', formatDateTime(item.receivedAt)],
    [inboxQueueText.dueFact, <DueLabel key="due" due={item} withSource />],
    ['Klant', `${item.client.name} (${item.client.clientCode})`],
    [item.itemKind === 'ServiceOrder' ? 'Besteld door' : 'Ingediend door', submitter],
    ['Referentie', referenceText(item)],
  ];
  if (item.patient) {
    facts.push(['Patiënt', `${item.patient.patientName}\ngeboren ${formatDate(item.patient.birthDate)}\n${departmentPhrase(item.patient.facility)}`]);
  }
  return (
    <ItemSection title="Gegevens">
      <FactList facts={facts} label="Gegevens" />
    </ItemSection>
  );
}

/**
 * One item of the inbox: what the customer sent as a readable form (or the order's lines), its attachments,
 * patient, customer and submitter; its status and who handles it; its history with the internal notes; and the
 * answer to the submitter. Opening it is audited by the server.
 */
export default function InboxItemRoute() {
  const params = useParams();
  const ref = itemRefOf(params.kind, params.id);
  const item = useQuery({ ...inboxItemQueryOptions(ref ?? { itemKind: 'Submission', id: 0 }), enabled: ref !== null });
  const notice = useNotice<string>();
  const me = useStaffSession()?.staff.id;
  const notFound = ref === null || (item.error instanceof ApiError && item.error.status === 404);

  if (notFound) {
    return (
      <>
        <BackLink />
        <PageHeading title="Item niet gevonden" />
        <Typography>Dit item bestaat niet, of u mag het niet inzien. Kies een item uit de inbox.</Typography>
      </>
    );
  }
  if (item.isPending) {
    return (
      <>
        <BackLink />
        <LoadingState label="Item laden…" showLabel />
      </>
    );
  }
  if (item.isError) {
    return (
      <>
        <BackLink />
        <PageHeading title={backofficePaths.inboxItem.title} />
        <LoadFailed message={feedback.serverError} error={item.error} onRetry={() => void item.refetch()} retrying={item.isFetching} />
      </>
    );
  }

  const data = item.data;
  const submitter = data.submitter.name ?? data.submitter.emailAddress ?? 'de indiener';
  return (
    <>
      <BackLink />
      <PageHeading title={`${inboxKindText(data.kind)} ${referenceText(data)}`} />
      {/* The queue's bar (its neighbours, keys and acts) comes in a chunk of its own; its height is kept for it. */}
      <Box sx={{ minHeight: 52 }}>
        <LazyPart key={`${data.itemKind}:${data.id}`} load={loadItemQueueBar} props={{ item: data, me, onDone: notice.show }} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        {/* One column on a small screen, in the order of the work (its parts as items of the outer grid); two from lg. */}
        <Box sx={column}>
          <Box sx={{ order: 1 }}>
            <Facts item={data} />
          </Box>
          <Box sx={{ order: 3 }}>
            <ItemForm item={data} />
          </Box>
          {data.attachments.length > 0 && (
            <Box sx={{ order: 4 }}>
              <ItemAttachments attachments={data.attachments} />
            </Box>
          )}
          <Box sx={{ order: 6 }}>
            <AnswerForm key={`${data.itemKind}:${data.id}`} item={data} onDone={notice.show} />
          </Box>
        </Box>
        <Box sx={column}>
          <Box sx={{ order: 2 }}>
            <ItemHandling item={data} onDone={notice.show} />
          </Box>
          {/* The customer beside the item on a wide screen, under all of it on a small one. */}
          <Box sx={{ order: { xs: 8, lg: 3 } }}>
            <LazyCustomerContext item={data} />
          </Box>
          <Box sx={{ order: 5 }}>
            <ItemHistory history={data.history} submitter={submitter} />
          </Box>
          <Box sx={{ order: 7 }}>
            <NoteForm key={`${data.itemKind}:${data.id}`} item={data} onDone={notice.show} />
          </Box>
        </Box>
      </Box>
      <ScreenNotice open={notice.open} onClose={notice.hide} severity="success" autoHideDuration={6000}>
        {notice.value}
      </ScreenNotice>
    </>
  );
}
