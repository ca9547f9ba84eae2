import MailOutline from '@mui/icons-material/MailOutline';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ReplyOutlined from '@mui/icons-material/Reply';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { inboxStatusText, inboxText, type InboxEvent, type InboxEventKind } from '@portal/contract';
import { formatDateTime } from '@/lib/format';
import { EventFiles } from './item-attachments';
import { ItemSection } from './item-section';

const icons: Record<InboxEventKind, typeof MailOutline> = {
  Received: MoveToInboxOutlined,
  Status: SwapHoriz,
  Assigned: PersonOutline,
  Note: StickyNote2Outlined,
  Answer: MailOutline,
  Reply: ReplyOutlined,
};

/** How a text shows: a note as a staff-only slip, a reply as the customer's own words, set off in the customer's colour. */
const bodyLooks: Partial<Record<InboxEventKind, object>> = {
  Note: { bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 },
  Reply: { borderLeft: 3, borderColor: 'secondary.main', bgcolor: 'grey.50', borderRadius: 1, p: 1 },
};

function headline(event: InboxEvent, submitter: string): string {
  switch (event.event) {
    case 'Received':
      return `Ontvangen van ${submitter}`;
    case 'Status':
      return `Status: ${inboxStatusText(event.fromStatus ?? '')} → ${inboxStatusText(event.toStatus ?? '')}`;
    case 'Assigned':
      return event.assigneeName ? `Toegewezen aan ${event.assigneeName}` : 'Toewijzing opgeheven';
    case 'Note':
      return 'Interne notitie';
    case 'Answer':
      return `Antwoord gemaild aan ${event.mailedTo ?? 'de indiener'}`;
    case 'Reply':
      return inboxText.replyFrom(event.customerName, event.via);
  }
}

/** What happened to the item, oldest first: its arrival, status changes, assignments, notes, answers and the customer's replies, with their files. */
export function ItemHistory({ history, submitter }: { history: readonly InboxEvent[]; submitter: string }) {
  return (
    <ItemSection title="Geschiedenis">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {history.map((event, index) => {
          const Icon = icons[event.event] ?? StickyNote2Outlined;
          const last = index === history.length - 1;
          return (
            <Box component="li" key={event.id} sx={{ display: 'grid', gridTemplateColumns: '2rem minmax(0, 1fr)', columnGap: 1.5 }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'grey.100',
                    color: event.event === 'Note' ? 'text.secondary' : event.event === 'Reply' ? 'secondary.main' : 'primary.main',
                  }}
                >
                  <Icon fontSize="small" aria-hidden />
                </Box>
                {!last && <Box aria-hidden sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
              </Box>
              <Box sx={{ pb: last ? 0 : 2 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{headline(event, submitter)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(event.at)}
                  {/* A status the customer's reply set back names who of the customer replied. */}
                  {event.staffName ? ` · ${event.staffName}` : event.event === 'Status' && event.customerName ? ` · ${event.customerName}` : ''}
                </Typography>
                {event.subject && (
                  <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }}>
                    {event.subject}
                  </Typography>
                )}
                {event.body && (
                  <Typography
                    variant="body2"
                    sx={{
                      mt: 0.5,
                      whiteSpace: 'pre-line',
                      overflowWrap: 'anywhere',
                      ...bodyLooks[event.event],
                    }}
                  >
                    {event.body}
                  </Typography>
                )}
                <EventFiles files={event.files ?? []} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </ItemSection>
  );
}
