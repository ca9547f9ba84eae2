import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Memo } from '@portal/contract';
import { sanitizeHtml } from '@/lib/sanitize-html';

/** Text the provider wrote as markup (the back-office's rich text) rather than plain lines. */
const isMarkup = (text: string) => /<\/?[a-z][\s\S]*>/i.test(text);

/**
 * One memo: its title, and its text as the provider wrote it: rich text from the back-office, sanitised here
 * too, or plain text with its line breaks kept (as another server of the spec may send it).
 */
export function MemoCard({ memo }: { memo: Memo }) {
  const headingId = `memo-${memo.memoId}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={headingId} variant="h3" component="h3" gutterBottom>
          {memo.title}
        </Typography>
        {isMarkup(memo.text) ? (
          <Box
            sx={{ typography: 'body1', overflowWrap: 'anywhere', '& p': { mt: 0, mb: 1 }, '& ul, & ol': { mt: 0, pl: 3 } }}
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(memo.text) }}
          />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{memo.text}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
