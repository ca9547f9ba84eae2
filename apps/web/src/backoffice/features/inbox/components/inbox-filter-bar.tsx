import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { inboxStatusLabels, inboxText, type StaffRole } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { colleaguesQueryOptions } from '../api/inbox';
import { kindChoices } from './inbox-labels';
import type { FilterValues, StatusChoice } from './use-inbox-filters';

const statusOptions: { value: StatusChoice; label: string }[] = [
  { value: 'open', label: `${inboxStatusLabels.New} en ${inboxStatusLabels.Processing}` },
  { value: 'New', label: inboxStatusLabels.New },
  { value: 'Processing', label: inboxStatusLabels.Processing },
  { value: 'Archived', label: inboxStatusLabels.Archived },
  { value: 'all', label: 'Alle statussen' },
];

interface InboxFilterBarProps {
  role: StaffRole;
  values: FilterValues;
  change: (changes: Partial<Record<keyof FilterValues, string>>) => void;
  clear: () => void;
  active: boolean;
}

const field = { size: 'small', margin: 'none' } as const;

/** The inbox's filters: status, kind, who handles it, the period it arrived in, and a customer chosen in the table. */
export function InboxFilterBar({ role, values, change, clear, active }: InboxFilterBarProps) {
  const colleagues = useQuery(colleaguesQueryOptions());
  const periodWrong = Boolean(values.from && values.until && values.until < values.from);
  return (
    <Box component="section" aria-label="Filters" sx={{ mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}>
        <TextField select label="Status" value={values.status} onChange={(e) => change({ status: e.target.value })} {...field}>
          {statusOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Soort" value={values.kind} onChange={(e) => change({ kind: e.target.value })} {...field}>
          <MenuItem value="">Alle soorten</MenuItem>
          {kindChoices(role).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Behandelaar" value={values.assignee} onChange={(e) => change({ assignee: e.target.value })} {...field}>
          <MenuItem value="">Iedereen</MenuItem>
          <MenuItem value="nobody">Nog niemand</MenuItem>
          <MenuItem value="me">Ikzelf</MenuItem>
          {(colleagues.data ?? []).map((colleague) => (
            <MenuItem key={colleague.id} value={String(colleague.id)}>
              {colleague.name}
            </MenuItem>
          ))}
          {/* A colleague from the address whom the list does not (yet) hold still shows as chosen. */}
          {/^\d+$/.test(values.assignee) && !colleagues.data?.some((c) => String(c.id) === values.assignee) && (
            <MenuItem value={values.assignee}>Collega {values.assignee}</MenuItem>
          )}
        </TextField>
        <TextField
          type="date"
          label="Ontvangen vanaf"
          value={values.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field}
        />
        <TextField
          type="date"
          label="Ontvangen tot en met"
          value={values.until}
          onChange={(e) => change({ until: e.target.value })}
          error={periodWrong}
          helperText={periodWrong ? inboxText.periodOrder : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field}
        />
      </Box>
      {active && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          {values.client && (
            <Button
              size="small"
              variant="outlined"
              endIcon={<Close />}
              onClick={() => change({ client: '', clientName: '' })}
              aria-label={`Filter op klant ${values.clientName || ''} verwijderen`}
            >
              Klant: {values.clientName || 'gekozen klant'}
            </Button>
          )}
          <Button size="small" onClick={clear}>
            Filters wissen
          </Button>
        </Box>
      )}
    </Box>
  );
}
