import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A link beside the heading to the page's next step ("Nieuwe bestelling", "Toevoegen"). */
export interface HeadingLink {
  to: string;
  label: string;
  icon: ReactNode;
  /** the page's main action (filled), or a way elsewhere (outlined) */
  variant: 'contained' | 'outlined';
}

interface PageHeadingProps {
  title: string;
  link?: HeadingLink;
  /** a button beside the heading that acts on the page itself (opens a dialog) instead of leading elsewhere */
  action?: ReactNode;
}

/** The one h1 of a dashboard page, with the page's link beside it. */
export function PageHeading({ title, link, action }: PageHeadingProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Typography variant="h1">{title}</Typography>
      {link && (
        <Button component={RouterLink} to={link.to} variant={link.variant} startIcon={link.icon}>
          {link.label}
        </Button>
      )}
      {action}
    </Box>
  );
}
