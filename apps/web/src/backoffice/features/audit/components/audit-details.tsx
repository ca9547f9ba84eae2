import Box from '@mui/material/Box';
import { auditDetailFields, type AuditRow } from '@portal/contract';

/** A row's details as labelled fields ('Van Nieuw', 'Naar In behandeling'), as the contract reads them. */
export function AuditDetails({ row }: { row: Pick<AuditRow, 'action' | 'details'> }) {
  const fields = auditDetailFields(row);
  if (!fields.length) return <>—</>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, typography: 'body2' }}>
      {fields.map((field, index) => (
        // A row's keys are unique, but two of them may share a Dutch label (size and bytes).
        <Box key={index} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {field.label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {field.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
