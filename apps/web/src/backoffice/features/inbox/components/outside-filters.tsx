import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { inboxQueueText, type InboxFilterName, type InboxTableResponse } from '@portal/contract';
import { formatInteger } from '@/lib/format';
import type { FilterValues, useInboxFilters } from './use-inbox-filters';

/** The filter bar's own words for each filter. */
const filterWords: Record<InboxFilterName, string> = {
  statuses: 'status',
  kinds: 'soort',
  customerId: 'klant',
  assignee: 'behandelaar',
  period: 'periode',
  overdue: inboxQueueText.overdue.toLowerCase(),
};

/** What each filter is set back to when its hidden results are asked for. */
const opened: Record<InboxFilterName, Partial<FilterValues>> = {
  statuses: { status: 'all' },
  kinds: { kind: '' },
  customerId: { client: '', clientName: '' },
  assignee: { assignee: '' },
  period: { from: '', until: '' },
  overdue: { overdue: '' },
};

const listed = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} en ${words.at(-1)}`);

/**
 * Says what a search found that the filters hide, and which filters hide it, with a button that shows it: a
 * reference or a patient typed on the default view is never answered with nothing.
 */
export function OutsideFilters({ found, change }: { found: InboxTableResponse['outsideFilters']; change: ReturnType<typeof useInboxFilters>['change'] }) {
  if (!found) return null;
  const { count, filters } = found;
  const what = `${formatInteger(count)} ${count === 1 ? 'resultaat valt' : 'resultaten vallen'} buiten uw filters`;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => change(Object.assign({}, ...filters.map((name) => opened[name])) as Parameters<typeof change>[0])}>
          Toon {count === 1 ? 'het' : 'ze'}
        </Button>
      }
    >
      {what} ({listed(filters.map((name) => filterWords[name]))}).
    </Alert>
  );
}
