import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { accessLogActionLabels, accessLogActions, type AccessLogAction, type AccessLogFilters } from '@portal/contract';
import { useState, type FormEvent } from 'react';

interface Draft {
  patient: string;
  staffMember: string;
  action: AccessLogAction | '';
  from: string;
  until: string;
}

const empty: Draft = { patient: '', staffMember: '', action: '', from: '', until: '' };

/** The filled-in filters as the call takes them (empty fields left out). */
function applied(draft: Draft): AccessLogFilters {
  return {
    patient: draft.patient.trim() || null,
    staffMember: draft.staffMember.trim() || null,
    action: draft.action || null,
    from: draft.from || null,
    until: draft.until || null,
  };
}

/**
 * Filters of the access log: patient, staff member, action and period. Applied with Filteren (or Enter), so that a
 * half-typed name does not read the log (every read of the log is itself logged).
 */
export function AccessLogFilterForm({ onApply }: { onApply: (filters: AccessLogFilters) => void }) {
  const [draft, setDraft] = useState<Draft>(empty);
  const periodWrong = draft.from !== '' && draft.until !== '' && draft.until < draft.from;
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!periodWrong) onApply(applied(draft));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Logboek filteren"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr)) auto' }, alignItems: 'start', mb: 2 }}
    >
      <TextField label="Patiënt" size="small" value={draft.patient} onChange={set('patient')} helperText="Naam of geboortedatum (dd-mm-jjjj)" autoComplete="off" />
      <TextField label="Medewerker" size="small" value={draft.staffMember} onChange={set('staffMember')} helperText="Naam of e-mailadres" autoComplete="off" />
      <TextField select label="Actie" size="small" value={draft.action} onChange={set('action')}>
        <MenuItem value="">Alle acties</MenuItem>
        {accessLogActions.map((action) => (
          <MenuItem key={action} value={action}>
            {accessLogActionLabels[action]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Van" type="date" size="small" value={draft.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        label="Tot en met"
        type="date"
        size="small"
        value={draft.until}
        onChange={set('until')}
        error={periodWrong}
        helperText={periodWrong ? 'De einddatum ligt vóór de begindatum' : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Filteren
        </Button>
        <Button
          type="button"
          onClick={() => {
            setDraft(empty);
            onApply(applied(empty));
          }}
        >
          Wissen
        </Button>
      </Box>
    </Box>
  );
}
