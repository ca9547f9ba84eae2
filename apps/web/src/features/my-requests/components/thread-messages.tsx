import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { replyText, type ThreadMessage } from '@portal/contract';
import { formatDateTime } from '@/lib/format';
import { useDownloadThreadFile } from '../api/my-request-thread';

type ThreadFile = ThreadMessage['files'][number];

/** A file of a message: downloaded with the customer's token (a plain link would send none), audited by the server. */
function FileLink({ file }: { file: ThreadFile }) {
  const download = useDownloadThreadFile();
  return (
    <Box component="li">
      <Link
        component="button"
        type="button"
        onClick={() => download.mutate(file.fileGuid)}
        disabled={download.isPending}
        aria-label={replyText.download(file.fileName)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, textAlign: 'left', overflowWrap: 'anywhere' }}
      >
        <Download fontSize="small" aria-hidden />
        {file.fileName}
      </Link>
      {download.isError && (
        <Typography role="alert" variant="body2" color="error">
          {replyText.downloadFailed}
        </Typography>
      )}
    </Box>
  );
}

/**
 * An item's conversation, oldest first: the provider's answers on the left with the brand's edge, the customer's own
 * replies indented on the right in a tinted box, so that who said what shows without reading the names.
 */
export function ThreadMessages({ thread }: { thread: readonly ThreadMessage[] }) {
  if (thread.length === 0) return <Typography color="text.secondary">{replyText.empty}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {thread.map((message, index) => {
        const ours = message.from === 'customer';
        return (
          <Box
            component="li"
            key={index}
            sx={
              ours
                ? { ml: { xs: 3, sm: 6 }, bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }
                : { mr: { xs: 3, sm: 6 }, borderLeft: 3, borderColor: 'primary.main', pl: 2, py: 0.5 }
            }
          >
            <Typography component="p" variant="subtitle2">
              {ours ? replyText.fromCustomer(message.author) : replyText.fromProvider}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(message.at)}
            </Typography>
            {message.subject && <Typography sx={{ mt: 1, fontWeight: 500 }}>{message.subject}</Typography>}
            <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{message.text}</Typography>
            {message.files.length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 0.5 }}>
                {message.files.map((file) => (
                  <FileLink key={file.fileGuid} file={file} />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
