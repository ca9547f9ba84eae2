import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { inboxBulkText, inboxStatusLabels, inboxStatus, type BulkResult, type InboxRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NativeSelectField } from '@/components/form/native-select-field';
import { colleaguesQueryOptions } from '../api/inbox';
import { useBulkAssign, useBulkSetStatus } from '../api/inbox-bulk';
import { actionFailure } from './action-failure';
import { PlainCheckbox } from './plain-checkbox';

import { rowKeyOf } from './inbox-labels';

export interface BulkBarProps {
  rows: readonly InboxRow[];
  selected: ReadonlyMap<string, InboxRow>;
  setSelected: (next: Map<string, InboxRow>) => void;
  onDone: (message: string) => void;
}

const field = { size: 'small', margin: 'none', sx: { minWidth: '12rem' } } as const;

/**
 * Acts on the selected items at once (issue 30.5): "alles op deze pagina", then one colleague or one status for
 * all of them in one call. The server does each by the single act's rules; what it refused is listed by reference.
 * The selection outlives a page change and a refresh, so that it may span pages.
 */
export default function BulkBar({ rows, selected, setSelected, onDone }: BulkBarProps) {
  const colleagues = useQuery(colleaguesQueryOptions());
  const bulkAssign = useBulkAssign();
  const bulkStatus = useBulkSetStatus();
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [refused, setRefused] = useState<BulkResult['refused']>([]);
  const onPage = rows.filter((row) => selected.has(rowKeyOf(row))).length;
  const all = rows.length > 0 && onPage === rows.length;
  const items = [...selected.values()].map(({ itemKind, id }) => ({ itemKind, id }));
  const failed = bulkAssign.error ?? bulkStatus.error;

  const togglePage = () => {
    const next = new Map(selected);
    for (const row of rows) {
      if (all) next.delete(rowKeyOf(row));
      else next.set(rowKeyOf(row), row);
    }
    setSelected(next);
  };
  const finish = (result: BulkResult) => {
    setRefused(result.refused);
    // The refused stay selected, to try again or to look at.
    setSelected(new Map([...selected].filter(([key]) => result.refused.some((r) => rowKeyOf(r) === key))));
    if (result.done.length) onDone(inboxBulkText.done(result.done.length));
  };

  return (
    <Box component="section" aria-label={inboxBulkText.selected(selected.size)} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer' }}>
          <PlainCheckbox checked={all} indeterminate={onPage > 0 && !all} onChange={togglePage} disabled={rows.length === 0} />
          {inboxBulkText.selectAll}
        </Box>
        <Box component="span" aria-live="polite">
          {inboxBulkText.selected(selected.size)}
        </Box>
        {selected.size > 0 && (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <NativeSelectField
                label={inboxBulkText.assign}
                value={assignee}
                onChange={setAssignee}
                options={[{ value: 'none', label: inboxBulkText.nobody }, ...(colleagues.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
                {...field}
              />
              <Button
                variant="outlined"
                disabled={!assignee || bulkAssign.isPending}
                loading={bulkAssign.isPending}
                aria-label={`${inboxBulkText.apply}: ${inboxBulkText.assign.toLowerCase()}`}
                onClick={() => bulkAssign.mutate({ items, assigneeId: assignee === 'none' ? null : Number(assignee) }, { onSuccess: finish })}
              >
                {inboxBulkText.apply}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <NativeSelectField
                label={inboxBulkText.status}
                value={status}
                onChange={setStatus}
                options={inboxStatus.options.map((s) => ({ value: s, label: inboxStatusLabels[s] }))}
                {...field}
              />
              <Button
                variant="outlined"
                disabled={!status || bulkStatus.isPending}
                loading={bulkStatus.isPending}
                aria-label={`${inboxBulkText.apply}: ${inboxBulkText.status.toLowerCase()}`}
                onClick={() => bulkStatus.mutate({ items, status: status as (typeof inboxStatus.options)[number] }, { onSuccess: finish })}
              >
                {inboxBulkText.apply}
              </Button>
            </Box>
          </>
        )}
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {actionFailure(failed)}
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefused([])}>
          {inboxBulkText.refused}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refused.map((r) => (
              <li key={rowKeyOf(r)}>{`${r.reference}: ${r.message}`}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
