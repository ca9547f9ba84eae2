import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { inboxKindText, type MyRequestRow } from '@portal/contract';
import { formatDate, formatDateTime } from '@/lib/format';

/** 'Aanvraag rollen van 03-03-2026' */
export const requestTitle = (row: MyRequestRow) => `${inboxKindText(row.kind)} van ${formatDate(row.receivedAt)}`;

/** The provider's answers to one request, report or order, oldest first, as they were mailed. */
export function AnswersDialog({ row, onClose }: { row: MyRequestRow; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="answers-title" fullWidth maxWidth="sm">
      <DialogTitle id="answers-title">Antwoord op uw {requestTitle(row).charAt(0).toLowerCase() + requestTitle(row).slice(1)}</DialogTitle>
      <DialogContent>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {row.answers.map((answer, index) => (
            <Box component="li" key={index} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2 }}>
              {answer.subject && <Typography sx={{ fontWeight: 500 }}>{answer.subject}</Typography>}
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(answer.at)}
              </Typography>
              <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{answer.text}</Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Sluiten</Button>
      </DialogActions>
    </Dialog>
  );
}
