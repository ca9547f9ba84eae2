import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Memo } from '@portal/contract';

/** One memo: its title, and its text as the provider wrote it, line breaks kept. */
export function MemoCard({ memo }: { memo: Memo }) {
  const headingId = `memo-${memo.memoId}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h3" component="h3" gutterBottom>
          {memo.title}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{memo.text}</Typography>
      </CardContent>
    </Card>
  );
}
