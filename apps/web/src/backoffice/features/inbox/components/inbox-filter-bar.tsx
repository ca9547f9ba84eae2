import Close from '@mui/icons-material/Close';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { inboxQueueText, inboxStatusLabels, inboxText, type StaffRole } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NativeSelectField } from '@/components/form/native-select-field';
import { PlainTextField } from '@/components/form/plain-text-field';
import { useLazyComponent, type ComponentModule } from '@/components/lazy-component';
import { formatDate } from '@/lib/format';
import { colleaguesQueryOptions } from '../api/inbox';
import { kindChoices } from './inbox-labels';
import { PlainCheckbox } from './plain-checkbox';
import type { DateFiltersProps } from './inbox-date-filters';
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

const loadDateFilters: ComponentModule<DateFiltersProps> = () => import('./inbox-date-filters');

/**
 * The period's two fields while the date pickers' code is on its way: the same labels and the chosen days, not
 * yet to be changed; when the code cannot be fetched, they say so and offer to fetch it again.
 */
function DateFiltersWaiting({ from, until, failed, retry }: { from: string; until: string; failed: boolean; retry: () => void }) {
  const retryText = failed ? (
    <Link component="button" type="button" onClick={retry} sx={{ verticalAlign: 'baseline', textAlign: 'left' }}>
      Niet geladen: opnieuw proberen
    </Link>
  ) : undefined;
  return (
    <>
      <PlainTextField label="Ontvangen vanaf" value={from ? formatDate(from) : ''} disabled helperText={retryText} {...field} />
      <PlainTextField label="Ontvangen t/m" value={until ? formatDate(until) : ''} disabled {...field} />
    </>
  );
}

/** The inbox's filters: status, kind, who handles it, the period it arrived in, and a customer chosen in the table. */
export function InboxFilterBar({ role, values, change, clear, active }: InboxFilterBarProps) {
  const colleagues = useQuery(colleaguesQueryOptions());
  const periodWrong = Boolean(values.from && values.until && values.until < values.from);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // On a phone the filters fold away behind a button, so that the items come first.
  const [unfolded, setUnfolded] = useState(false);
  const dateFilters = useLazyComponent(loadDateFilters);
  const DateFilters = dateFilters.component;
  return (
    <Box component="section" aria-label="Filters" sx={{ mb: 2 }}>
      {phone && (
        <Button
          variant="outlined"
          startIcon={<FilterList />}
          aria-expanded={unfolded}
          aria-controls="inbox-filters"
          onClick={() => setUnfolded((open) => !open)}
          sx={{ mb: unfolded ? 2 : 0 }}
        >
          {active ? 'Filters (actief)' : 'Filters'}
        </Button>
      )}
      <Box id="inbox-filters" hidden={phone && !unfolded} sx={{ display: phone && !unfolded ? 'none' : 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <NativeSelectField label="Status" value={values.status} onChange={(status) => change({ status })} options={statusOptions} {...field} />
        <NativeSelectField label="Soort" value={values.kind} onChange={(kind) => change({ kind })} options={[{ value: '', label: 'Alle soorten' }, ...kindChoices(role)]} {...field} />
        <NativeSelectField
          label="Behandelaar"
          value={values.assignee}
          onChange={(assignee) => change({ assignee })}
          options={[
            { value: '', label: 'Iedereen' },
            { value: 'nobody', label: 'Nog niemand' },
            { value: 'me', label: 'Ikzelf' },
            ...(colleagues.data ?? []).map((colleague) => ({ value: String(colleague.id), label: colleague.name })),
            // A colleague from the address whom the list does not (yet) hold still shows as chosen.
            ...(/^\d+$/.test(values.assignee) && !colleagues.data?.some((c) => String(c.id) === values.assignee) ? [{ value: values.assignee, label: `Collega ${values.assignee}` }] : []),
          ]}
          {...field}
        />
        {DateFilters ? (
          <DateFilters from={values.from} until={values.until} onChange={change} periodError={periodWrong ? inboxText.periodOrder : undefined} {...field} />
        ) : (
          <DateFiltersWaiting from={values.from} until={values.until} failed={Boolean(dateFilters.error)} retry={dateFilters.retry} />
        )}
      </Box>
      <Box sx={{ display: phone && !unfolded && !active ? 'none' : 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
        <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer', mr: 1 }}>
          <PlainCheckbox checked={values.overdue === '1'} onChange={(e) => change({ overdue: e.target.checked ? '1' : '' })} />
          {inboxQueueText.overdueFilter}
        </Box>
        {active && values.client && (
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
        {active && (
          <Button size="small" onClick={clear}>
            Filters wissen
          </Button>
        )}
      </Box>
    </Box>
  );
}
