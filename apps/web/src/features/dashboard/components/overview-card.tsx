import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface OverviewCardProps {
  title: string;
  /** the screen with all of it, and the words of the link to it */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One card of the dashboard's overview: a heading, its content and a link to the screen that has it all. */
export function OverviewCard({ title, more, children }: OverviewCardProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={headingId} variant="h3" component="h3">
          {title}
        </Typography>
        <Box sx={{ flex: 1 }}>{children}</Box>
        {more && (
          <Link component={RouterLink} to={more.to} sx={{ alignSelf: 'flex-start', fontWeight: 500 }}>
            {more.label}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** The calm line of a card without anything to show. */
export function OverviewEmpty({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}
