import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * One part of an item's page: a card with its heading, named by it for screen readers; `busy` while a part of it
 * is still being fetched (its fields are disabled meanwhile).
 */
export function ItemSection({ title, children, action, busy = false }: { title: string; children: ReactNode; action?: ReactNode; busy?: boolean }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
          <Typography id={headingId} variant="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Labels and their values as a description list; a value keeps its line breaks. */
export function FactList({ facts, label }: { facts: readonly (readonly [string, ReactNode])[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(8rem, max-content) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {facts.map(([term, value], index) => (
        <Box key={`${index}-${term}`} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
