import Download from '@mui/icons-material/Download';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { InboxAttachment } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatInteger } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { backofficeKey } from '../../../lib/staff-api';
import { downloadAttachment } from '../api/inbox';
import { ItemSection } from './item-section';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${formatInteger(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatInteger(Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** A photo, fetched with the staff token (an <img> sends none) once per page visit, and shown. */
function Photo({ file }: { file: InboxAttachment }) {
  // Kept apart from the inbox's own keys: a change to the item does not fetch (and audit) the photo again.
  const photo = useQuery({
    queryKey: [...backofficeKey, 'inbox-file', file.fileId],
    queryFn: ({ signal }) => downloadAttachment(file.fileId, signal),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);

  if (photo.isError) return <Alert severity="warning">De foto {file.fileName} kon niet worden opgehaald.</Alert>;
  if (!url) return <Skeleton variant="rectangular" height={200} aria-label={`Foto ${file.fileName} laden`} />;
  return (
    <Box
      component="img"
      src={url}
      alt={`Foto bij de melding: ${file.fileName}`}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 480, borderRadius: 1, border: 1, borderColor: 'divider' }}
    />
  );
}

function DownloadButton({ file }: { file: InboxAttachment }) {
  const download = useMutation({ mutationFn: () => downloadAttachment(file.fileId), onSuccess: saveFile });
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Download />}
        loading={download.isPending}
        onClick={() => download.mutate()}
        aria-label={`${file.fileName} downloaden`}
      >
        Downloaden
      </Button>
      {download.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          Downloaden is niet gelukt. Probeer het opnieuw.
        </Typography>
      )}
    </Box>
  );
}

/** The files of an answer or a reply in the history: each by name, downloadable (each download is audited). */
export function EventFiles({ files }: { files: readonly InboxAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1 }}>
      {files.map((file) => (
        <Box component="li" key={file.fileId} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <InsertDriveFileOutlined aria-hidden color="action" fontSize="small" />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.fileName} <Box component="span" sx={{ color: 'text.secondary' }}>({sizeText(file.sizeBytes)})</Box>
            </Typography>
          </Box>
          <DownloadButton file={file} />
        </Box>
      ))}
    </Box>
  );
}

/** The uploads of a submission: photos shown, every file downloadable (each download is audited). */
export function ItemAttachments({ attachments }: { attachments: readonly InboxAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ItemSection title="Bijlagen">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {attachments.map((file) => (
          <Box component="li" key={file.fileId} sx={{ display: 'grid', gap: 1 }}>
            {file.isImage && <Photo file={file} />}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <InsertDriveFileOutlined aria-hidden color="action" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{file.fileName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {file.mediaType}, {sizeText(file.sizeBytes)}
                  </Typography>
                </Box>
              </Box>
              <DownloadButton file={file} />
            </Box>
          </Box>
        ))}
      </Box>
    </ItemSection>
  );
}
