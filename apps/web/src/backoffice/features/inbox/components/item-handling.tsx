import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  inboxStatusText,
  inboxTransitions,
  isImperfectionKind,
  type InboxDetail,
  type InboxStatus,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { NativeSelectField } from '@/components/form/native-select-field';
import { colleaguesQueryOptions, useAssign, useSetStatus } from '../api/inbox';
import { actionFailure } from './action-failure';
import { ItemSection } from './item-section';

/** What the button that moves an item on says, by the status it moves to from where it is. */
function transitionLabel(from: string, to: InboxStatus): string {
  if (to === 'Archived') return 'Archiveren';
  return from === 'Archived' ? 'Weer in behandeling nemen' : 'In behandeling nemen';
}

// Kept in a module of its own, so that the list's tools can use it without this section's code.
export { actionFailure };

/** The item's status (with the changes it allows) and who handles it. */
export function ItemHandling({ item, onDone }: { item: InboxDetail; onDone: (message: string) => void }) {
  const setStatus = useSetStatus();
  const assign = useAssign();
  const colleagues = useQuery(colleaguesQueryOptions());
  const ref = { itemKind: item.itemKind, id: item.id };
  const next = (inboxTransitions as Record<string, readonly InboxStatus[] | undefined>)[item.status] ?? [];
  // Kwaliteit sees imperfection reports only: only those can be given to them.
  const candidates = (colleagues.data ?? []).filter((c) => c.role !== 'Kwaliteit' || (item.itemKind === 'Submission' && isImperfectionKind(item.kind)));
  const assigned = item.assignee ? String(item.assignee.id) : '';
  const failed = setStatus.error ?? assign.error;

  return (
    <ItemSection title="Behandeling" busy={colleagues.isPending}>
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {actionFailure(failed)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {next.map((status) => (
          <Button
            key={status}
            variant={status === 'Archived' ? 'outlined' : 'contained'}
            loading={setStatus.isPending && setStatus.variables?.status === status}
            disabled={setStatus.isPending}
            onClick={() => {
              assign.reset();
              setStatus.mutate({ ...ref, status }, { onSuccess: () => onDone(`De status is nu ${inboxStatusText(status)}.`) });
            }}
          >
            {transitionLabel(item.status, status)}
          </Button>
        ))}
      </Box>
      <NativeSelectField
        label="Behandelaar"
        size="small"
        margin="none"
        fullWidth={false}
        value={assigned}
        disabled={assign.isPending || colleagues.isPending}
        helperText={colleagues.isError ? 'De collega’s konden niet worden opgehaald.' : undefined}
        options={[
          { value: '', label: 'Nog niemand' },
          ...candidates.map((colleague) => ({ value: String(colleague.id), label: `${colleague.name} (${colleague.role})` })),
          ...(item.assignee && !candidates.some((c) => c.id === item.assignee!.id) ? [{ value: assigned, label: item.assignee.name }] : []),
        ]}
        onChange={(value) => {
          setStatus.reset();
          const assigneeId = value ? Number(value) : null;
          const name = candidates.find((c) => c.id === assigneeId)?.name;
          assign.mutate({ ...ref, assigneeId }, { onSuccess: () => onDone(name ? `Toegewezen aan ${name}.` : 'Niemand behandelt dit nu.') });
        }}
      />
    </ItemSection>
  );
}
