import FilterAlt from '@mui/icons-material/FilterAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  inboxKindText,
  inboxQueueText as t,
  inboxTableDefaults,
  type InboxRow,
  type InboxTableColumn,
  type InboxTableResponse,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { InboxStatusChip } from '@/components/inbox-status-chip';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime } from '@/lib/format';
import { useStaffSession } from '../../../lib/staff-session';
import { backofficePaths } from '../../../paths';
import { inboxTableQuery } from '../api/inbox';
import { DueLabel } from '../components/due-label';
import { InboxFilterBar } from '../components/inbox-filter-bar';
import { inboxItemHref, referenceText, rowKeyOf } from '../components/inbox-labels';
import { actionFailure } from '../components/action-failure';
import { useAddressTableRequest } from '../components/inbox-list-state';
import { PlainCheckbox } from '../components/plain-checkbox';
import { OutsideFilters } from '../components/outside-filters';
import { LazyPart } from '@/components/lazy-component';
import { useShortcuts } from '../components/shortcuts';
import { useInboxFilters } from '../components/use-inbox-filters';
import { useQueueActs } from '../components/use-queue-acts';

const loadBulkBar = () => import('../components/bulk-bar');
const loadInboxViews = () => import('../components/inbox-views');
const loadNewItemsNotice = () => import('../components/new-items-notice');
const loadServiceTimesDialog = () => import('../components/service-times-dialog');
const loadShortcutsDialog = () => import('../components/shortcuts-dialog');

const muted = (text: string) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {text}
  </Typography>
);

/**
 * Inbox: everything the customers sent (questions, requests, reports, service orders) in one table, newest
 * first, what still needs work unless the filters say otherwise. The filters, sort and search live in the address,
 * so that going back from an item finds the inbox as it was, and a named view is that address. The queue's tools
 * (issue 30.5): due moments, rows selected for a bulk act, "Mij toewijzen" per row, the count of new items, keys.
 */
export default function InboxRoute() {
  const session = useStaffSession();
  const role = session?.staff.role ?? 'Kwaliteit';
  const me = session?.staff.id;
  const { values, filters, change, clear, active } = useInboxFilters();
  const kept = useAddressTableRequest();
  const query = useMemo(() => inboxTableQuery(filters), [filters]);
  const { search } = useLocation();
  // What an act did, said in the page (a polite status) until the next act or a close.
  const [said, setSaid] = useState('');
  const notice = { show: setSaid };
  const acts = useQueueActs(me);
  const [selected, setSelected] = useState<Map<string, InboxRow>>(() => new Map());
  const [serviceTimesOpen, setServiceTimesOpen] = useState(false);
  // The row the keys point at (j/k/m/e): its link, which has the focus.
  const [current, setCurrent] = useState('');
  const list = useMemo(() => ({ ...filters, search: kept.request.search }), [filters, kept.request.search]);

  // A filter changed starts again at the first page.
  const changeFilters: typeof change = (changes) => change({ ...changes, page: '' } as typeof changes);

  const rowLinks = () => [...document.querySelectorAll<HTMLElement>('[data-inbox-row]')];
  const move = (step: number) => {
    const links = rowLinks();
    const at = links.findIndex((link) => link.dataset.inboxRow === current);
    links[Math.min(links.length - 1, Math.max(0, at + step))]?.focus();
  };
  const currentRow = () => {
    const link = rowLinks().find((l) => l.dataset.inboxRow === current);
    const [itemKind, id] = (link?.dataset.inboxRow ?? '').split(':');
    return link && itemKind && id ? { itemKind: itemKind as InboxRow['itemKind'], id: Number(id), status: link.dataset.status ?? '' } : undefined;
  };
  const done = (message: string) => () => notice.show(message);
  const shortcuts = useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    m: () => {
      const row = currentRow();
      if (row) void acts.assignToMe(row).then(done(t.assignedToMe), () => undefined);
    },
    e: () => {
      const row = currentRow();
      if (row) void acts.archive(row).then(done(t.archived), () => undefined);
    },
  });

  const toggle = (row: InboxRow) => {
    const next = new Map(selected);
    if (next.has(rowKeyOf(row))) next.delete(rowKeyOf(row));
    else next.set(rowKeyOf(row), row);
    setSelected(next);
  };

  const columns: DataTableColumn<InboxRow, InboxTableColumn>[] = [
    {
      id: 'select',
      header: 'Selectie',
      width: '3rem',
      render: (row) => (
        <PlainCheckbox checked={selected.has(rowKeyOf(row))} onChange={() => toggle(row)} label={t.selectItem(referenceText(row))} />
      ),
    },
    { field: 'receivedAt', header: 'Ontvangen', noWrap: true, render: (row) => formatDateTime(row.receivedAt) },
    {
      field: 'kind',
      header: 'Soort',
      render: (row) => (
        <Link
          component={RouterLink}
          to={inboxItemHref(row)}
          state={{ inboxSearch: search }}
          aria-label={`${inboxKindText(row.kind)} ${referenceText(row)} openen`}
          data-inbox-row={rowKeyOf(row)}
          data-status={row.status}
          onFocus={() => setCurrent(rowKeyOf(row))}
        >
          {inboxKindText(row.kind)}
        </Link>
      ),
    },
    {
      field: 'clientName',
      header: 'Klant',
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span">
            {row.clientName} {muted(row.clientCode)}
          </Box>
          {values.client !== row.customerId && (
            <Tooltip title="Alleen deze klant">
              <IconButton size="small" aria-label={`Alleen ${row.clientName} tonen`} onClick={() => changeFilters({ client: row.customerId, clientName: row.clientName })}>
                <FilterAlt fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
    { field: 'submitterName', header: 'Indiener', render: (row) => row.submitterName ?? muted('Onbekend') },
    { field: 'patientName', header: 'Patiënt', render: (row) => row.patientName ?? muted('—') },
    { field: 'status', header: 'Status', noWrap: true, render: (row) => <InboxStatusChip status={row.status} /> },
    { field: 'dueAt', header: t.dueHeader, render: (row) => <DueLabel due={row} /> },
    {
      field: 'assigneeName',
      header: 'Behandelaar',
      render: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          {row.assigneeName ?? muted('Nog niemand')}
          {row.assigneeId !== me && row.status !== 'Archived' && (
            <Button
              size="small"
              sx={{ px: 0.5, minWidth: 0 }}
              aria-label={`${t.assignToMe}: ${referenceText(row)}`}
              onClick={() => void acts.assignToMe(row).then(done(t.assignedToMe), () => undefined)}
            >
              {t.assignToMe}
            </Button>
          )}
        </Box>
      ),
    },
    { field: 'id', header: 'Referentie', noWrap: true, align: 'right', render: (row) => referenceText(row) },
  ];

  return (
    <>
      <PageHeading title={backofficePaths.inbox.title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        {/* The tools around the table come in a chunk of their own, beside the table's rows; the height is kept for them. */}
        <Box sx={{ minHeight: 40, flex: '1 1 auto' }}>
          <LazyPart load={loadInboxViews} props={{ onDone: notice.show }} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {role === 'Beheerder' && <Button onClick={() => setServiceTimesOpen(true)}>{t.serviceTimes}</Button>}
          <Button onClick={shortcuts.openHelp}>{t.shortcutsHint}</Button>
        </Box>
      </Box>
      <InboxFilterBar role={role} values={values} change={changeFilters} clear={clear} active={active} />
      <LazyPart load={loadNewItemsNotice} props={{ list }} />
      <Box role="status" sx={{ mb: said ? 2 : 0 }}>
        {said && (
          <Alert severity="success" onClose={() => setSaid('')}>
            {said}
          </Alert>
        )}
      </Box>
      {acts.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={acts.reset}>
          {actionFailure(acts.error)}
        </Alert>
      )}
      <DataTable
        label={backofficePaths.inbox.title}
        query={query}
        columns={columns}
        defaults={inboxTableDefaults}
        kept={kept}
        emptyText={(searched) =>
          searched
            ? `Niets gevonden voor ‘${searched}’ met deze filters.`
            : active
              ? 'Geen items gevonden met deze filters.'
              : 'Er wacht niets: geen nieuwe items en niets in behandeling.'
        }
        searchable
        searchHint="Zoek op referentie, klant, indiener, patiënt of tekst, in elke status"
        notice={(page) => (
          <>
            <OutsideFilters found={(page as InboxTableResponse).outsideFilters} change={changeFilters} />
            <LazyPart load={loadBulkBar} props={{ rows: page.items, selected, setSelected, onDone: notice.show }} />
          </>
        )}
        rowKey={(row) => `${row.itemKind}:${row.id}`}
      />
      {shortcuts.helpOpen && <LazyPart load={loadShortcutsDialog} props={{ open: true, onClose: shortcuts.closeHelp }} />}
      {role === 'Beheerder' && serviceTimesOpen && (
        <LazyPart load={loadServiceTimesDialog} props={{ open: true, onClose: () => setServiceTimesOpen(false), onDone: notice.show }} />
      )}
    </>
  );
}
