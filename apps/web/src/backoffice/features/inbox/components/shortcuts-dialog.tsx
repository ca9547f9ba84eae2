import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { inboxShortcutsText } from '@portal/contract';

/** The list of the keys, as `?` opens it. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">{inboxShortcutsText.title}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby="shortcuts-title">
          <TableBody>
            {inboxShortcutsText.keys.map(([key, what]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ width: '3rem' }}>
                  <kbd>{key}</kbd>
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {inboxShortcutsText.note}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {inboxShortcutsText.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
