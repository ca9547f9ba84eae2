import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';

/** The centred card every auth screen is: product name, the screen's heading, its content. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ width: '100%', maxWidth: 440 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Brand />
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 3, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
