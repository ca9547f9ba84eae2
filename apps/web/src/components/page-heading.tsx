import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  /** Buttons beside the heading, e.g. "Nieuwe bestelling". */
  actions?: ReactNode;
}

/** The one h1 of a dashboard page. */
export function PageHeading({ title, actions }: PageHeadingProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Typography variant="h1">{title}</Typography>
      {actions}
    </Box>
  );
}
