import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { StaffListItem } from '@portal/contract';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatDateTime } from '@/lib/format';
import { staffFullName, staffState } from './staff-labels';

const lastLogin = (s: StaffListItem) => (s.lastLoginAt ? formatDateTime(s.lastLoginAt) : 'Nog niet');

/** The staff accounts: a table from the sm breakpoint up, a list of cards on a phone. */
export function StaffList({ staff, onEdit }: { staff: StaffListItem[]; onEdit: (staff: StaffListItem) => void }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const edit = (s: StaffListItem) => (
    <Button size="small" variant="outlined" onClick={() => onEdit(s)} aria-label={`${staffFullName(s)} wijzigen`}>
      Wijzigen
    </Button>
  );
  if (!wide) {
    return (
      <Paper variant="outlined" component="ul" aria-label="Medewerkers" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {staff.map((s) => (
          <Box component="li" key={s.id} sx={{ px: 2, py: 1.5, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}>
            <Typography sx={{ fontWeight: 600 }}>{staffFullName(s)}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {s.emailAddress}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {s.role} · {staffState(s)} · laatst ingelogd: {lastLogin(s)}
            </Typography>
            {edit(s)}
          </Box>
        ))}
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Medewerkers" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Naam</TableCell>
            <TableCell>E-mailadres</TableCell>
            <TableCell>Rol</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Laatst ingelogd</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Acties
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {staff.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{staffFullName(s)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.emailAddress}</TableCell>
              <TableCell>{s.role}</TableCell>
              <TableCell>{staffState(s)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastLogin(s)}</TableCell>
              <TableCell>{edit(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
