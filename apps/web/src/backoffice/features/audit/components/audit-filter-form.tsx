import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { auditActorKindLabels, auditActorKinds, type AuditFilters } from '@portal/contract';
import { useState, type FormEvent } from 'react';

export const noFilters: AuditFilters = { customer: '', patient: '', actorKind: null, actor: '', action: '', from: '', until: '' };

/** The audit viewer's filters: applied together with "Filteren", cleared with "Wissen". */
export function AuditFilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const field = { size: 'small', margin: 'none', fullWidth: true } as const;
  return (
    <Box component="form" role="search" aria-label="Logboek filteren" noValidate onSubmit={submit} sx={{ mb: 3 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <TextField {...field} label="Klant" helperText="Code of naam" value={draft.customer ?? ''} onChange={set('customer')} />
        <TextField {...field} label="Patiënt" helperText="Naam of patiëntnummer" value={draft.patient ?? ''} onChange={set('patient')} />
        <TextField {...field} select label="Wie (soort)" value={draft.actorKind ?? ''} onChange={set('actorKind')}>
          <MenuItem value="">Iedereen</MenuItem>
          {auditActorKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {auditActorKindLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...field} label="Wie" helperText="Naam of e-mailadres" value={draft.actor ?? ''} onChange={set('actor')} />
        <TextField {...field} label="Actie" helperText="Bijvoorbeeld Login of Backoffice" value={draft.action ?? ''} onChange={set('action')} />
        <TextField {...field} type="date" label="Van" value={draft.from ?? ''} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField {...field} type="date" label="Tot en met" value={draft.until ?? ''} onChange={set('until')} slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Button type="submit" variant="contained">
            Filteren
          </Button>
          <Button
            onClick={() => {
              setDraft(noFilters);
              onApply(noFilters);
            }}
          >
            Wissen
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
