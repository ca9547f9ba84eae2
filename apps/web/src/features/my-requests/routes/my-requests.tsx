import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import MailOutline from '@mui/icons-material/MailOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { inboxKindText, myRequestTableDefaults, type MyRequestRow, type MyRequestTableColumn, itemReference, exportCalls, replyText } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { callMissing } from '@/lib/api-client';
import { firstMyRequestPage, getMyRequestTableQueryOptions } from '../api/get-my-request-table';
import { ConversationDialog, requestTitle } from '../components/conversation-dialog';

/**
 * Mijn aanvragen en meldingen: what the organisation sent the provider (questions, requests, reports and
 * service orders), with the status the provider gave it and its answers. A server without this call (one of the
 * spec's API alone) gets a calm note instead of a failure.
 */
export default function MyRequestsRoute() {
  const [reading, setReading] = useState<MyRequestRow | null>(null);
  // The table's own first page: shared with the table through the query cache.
  const first = useQuery(getMyRequestTableQueryOptions(firstMyRequestPage));

  const columns = useMemo<DataTableColumn<MyRequestRow, MyRequestTableColumn>[]>(
    () => [
      { field: 'receivedAt', header: 'Datum', noWrap: true, render: (row) => formatDateTime(row.receivedAt) },
      { field: 'kind', header: 'Soort', render: (row) => inboxKindText(row.kind) },
      {
        field: 'id',
        header: 'Referentie',
        noWrap: true,
        // The reference the form's receipt and mail gave; an order goes by its order number.
        render: (row) => itemReference(row),
      },
      { field: 'status', header: 'Status', noWrap: true, render: (row) => <InboxStatusChip status={row.status} /> },
      {
        id: 'messages',
        header: replyText.column,
        // Every row opens its conversation: to read what was said, or to say the first word.
        render: (row) => {
          const count = row.thread?.length ?? 0;
          return count === 0 ? (
            <Button size="small" variant="outlined" startIcon={<ChatBubbleOutline />} onClick={() => setReading(row)} aria-label={replyText.replyTo(requestTitle(row))}>
              {replyText.reply}
            </Button>
          ) : (
            <Button size="small" variant="outlined" startIcon={<MailOutline />} onClick={() => setReading(row)} aria-label={replyText.readAbout(requestTitle(row))}>
              {replyText.read(count)}
            </Button>
          );
        },
      },
    ],
    [],
  );

  return (
    <>
      <PageHeading title={paths.myRequests.title} />
      {first.isError && callMissing(first.error) ? (
        <Alert severity="info">Het overzicht van uw aanvragen en meldingen is in deze omgeving niet beschikbaar.</Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
            Wat uw organisatie via Mijn Spits heeft gevraagd, aangevraagd, gemeld of besteld, met de status van de behandeling en onze
            antwoorden. Wij mailen een antwoord ook naar wie het verstuurde.
          </Typography>
          <DataTable
            label={paths.myRequests.title}
            query={getMyRequestTableQueryOptions}
            exportCall={exportCalls.myRequests}
            columns={columns}
            defaults={myRequestTableDefaults}
            emptyText="Geen aanvragen of meldingen gevonden..."
            searchable
            searchHint="Zoek op soort, status of referentie"
            rowKey={(row) => `${row.itemKind}:${row.id}`}
          />
        </>
      )}
      {reading && <ConversationDialog row={reading} onClose={() => setReading(null)} />}
    </>
  );
}
