import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  calls,
  feedback,
  uploadAllowedTypes,
  uploadLimits,
  validation,
  type UploadedFile,
  type UploadPurpose,
} from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { ApiError, uploadWithFreshToken } from '@/lib/api-client';

export const fileUploadTexts = {
  choose: 'Bestand kiezen',
  uploading: (name: string) => `${name} wordt geüpload...`,
  uploaded: (name: string) => `${name} is geüpload`,
  remove: (name: string) => `${name} verwijderen`,
  removed: 'Het bestand is verwijderd',
  failed: 'Het uploaden van het bestand is mislukt. Probeer het opnieuw.',
} as const;

/** One file, or (with `max`) a list of up to `max` files, each chosen and uploaded on its own. */
type Choice =
  | { value: UploadedFile | null; onChange: (file: UploadedFile | null) => void; max?: undefined }
  | { value: readonly UploadedFile[]; onChange: (files: UploadedFile[]) => void; max: number };

/** Where a file goes: a call of the door's transport (the customer's File/UploadFile unless given). */
export type Uploader = (file: File, signal: AbortSignal) => Promise<UploadedFile>;

export type FileUploadProps = Choice & {
  /** Decides the accepted file types (the contract's `uploadAllowedTypes`). */
  purpose: UploadPurpose;
  /** The heading of the field, e.g. 'Rolbestand'. */
  label: string;
  /** Shown under the button while there is no error (e.g. the accepted types). */
  hint?: string;
  /** An error of the form (e.g. a server field error on the file's id). */
  error?: string;
  disabled?: boolean;
  /** Told while an upload runs, so that a form can hold its submit until the file is in. */
  onUploadingChange?: (uploading: boolean) => void;
  upload?: Uploader;
};

const portalUpload =
  (purpose: UploadPurpose): Uploader =>
  (file, signal) =>
    uploadWithFreshToken(calls.file.uploadFile, file, { query: { purpose }, signal });

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** The browser's check before anything is sent; the server decides again by the file's bytes. */
export function isAllowedFile(file: Pick<File, 'name' | 'type'>, purpose: UploadPurpose): boolean {
  const allowed = uploadAllowedTypes[purpose];
  const extensionAllowed = (allowed.extensions as readonly string[]).includes(extensionOf(file.name));
  const typeAllowed = (allowed.mimeTypes as readonly string[]).includes(file.type.toLowerCase());
  // Browsers leave the type empty for types they do not know (.rtf, .docx on some systems): the name decides.
  return file.type ? extensionAllowed || typeAllowed : extensionAllowed;
}

function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return feedback.fileTooLarge;
    if (error.status === 429) return feedback.tooManyRequests;
    if (error.status === 400 || error.status === 415) {
      const serverMessage = Object.values(error.problem.errors ?? {}).flat()[0];
      return serverMessage ?? (error.status === 415 ? validation.fileTypeNotAllowed : fileUploadTexts.failed);
    }
  }
  return fileUploadTexts.failed;
}

/**
 * One file, or a list of up to `max`, each uploaded as soon as it is chosen: a wrong type or a file over 20 MB is
 * refused before anything is sent; the access token is renewed before the upload (the product's states). A chosen
 * file shows by name with a button to remove it. Keyboard users reach the choose and remove buttons; every change
 * is announced.
 */
export function FileUpload(props: FileUploadProps) {
  const { purpose, label, hint, error, disabled = false, onUploadingChange, upload: send = portalUpload(purpose) } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const helperId = useId();
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const list = props.max !== undefined;
  const chosen: readonly UploadedFile[] = props.max !== undefined ? props.value : props.value ? [props.value] : [];
  const room = props.max !== undefined ? props.value.length < props.max : props.value === null;
  // An upload ends after renders that may have changed the list (a file removed meanwhile): add to the latest.
  const latest = useRef(props);
  latest.current = props;
  const add = (file: UploadedFile) => {
    const now = latest.current;
    if (now.max !== undefined) now.onChange([...now.value, file]);
    else now.onChange(file);
  };
  const drop = (file: UploadedFile) => {
    const now = latest.current;
    if (now.max !== undefined) now.onChange(now.value.filter((kept) => kept.fileGuid !== file.fileGuid));
    else now.onChange(null);
  };

  // A form reset empties the value: forget the last problem with it too.
  const empty = chosen.length === 0;
  useEffect(() => {
    if (empty) setProblem(null);
  }, [empty]);

  const setBusy = (name: string | null) => {
    setUploading(name);
    onUploadingChange?.(name !== null);
  };

  const upload = async (file: File) => {
    setProblem(null);
    if (!isAllowedFile(file, purpose)) {
      setProblem(validation.fileTypeNotAllowed);
      return;
    }
    if (file.size > uploadLimits.maxBytes) {
      setProblem(feedback.fileTooLarge);
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setBusy(file.name);
    setAnnouncement(fileUploadTexts.uploading(file.name));
    try {
      const answer = await send(file, abort.signal);
      // The spec's call answers only the server's id (and sometimes extension and type): the rest is the file's own.
      const uploaded = {
        ...answer,
        fileName: answer.fileName || file.name,
        fileExtension: answer.fileExtension || file.name.slice(file.name.lastIndexOf('.')),
        fileType: answer.fileType || file.type,
        size: Number.isFinite(answer.size) ? answer.size : file.size,
      };
      add(uploaded);
      setAnnouncement(fileUploadTexts.uploaded(uploaded.fileName));
    } catch (caught) {
      if (abort.signal.aborted) return;
      // The message shows as an alert, which screen readers announce by itself.
      setProblem(uploadFailureMessage(caught));
      setAnnouncement('');
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setBusy(null);
      }
    }
  };

  const shownError = problem ?? error;

  const remove = (file: UploadedFile) => {
    drop(file);
    setProblem(null);
    setAnnouncement(fileUploadTexts.removed);
    setRefocus(true);
  };

  // Focus must not fall to the page when the remove button disappears.
  useEffect(() => {
    if (refocus && chooseRef.current) {
      chooseRef.current.focus();
      setRefocus(false);
    }
  }, [refocus, chosen.length]);


  const accept = [...uploadAllowedTypes[purpose].extensions, ...uploadAllowedTypes[purpose].mimeTypes].join(',');

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ my: 2 }}>
      <Typography id={labelId} variant="subtitle2" component="p" gutterBottom>
        {label}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid={`file-upload-input-${purpose}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again after a removal must fire a change too.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {(list || !uploading) && chosen.length > 0 && (
        <Box component={list ? 'ul' : 'div'} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, mb: list && room ? 1 : 0 }}>
          {chosen.map((file) => (
            <Box
              component={list ? 'li' : 'div'}
              key={file.fileGuid}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5, maxWidth: '100%' }}
            >
              <InsertDriveFileOutlinedIcon color="action" aria-hidden />
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{file.fileName}</Typography>
              <IconButton onClick={() => remove(file)} disabled={disabled} aria-label={fileUploadTexts.remove(file.fileName)}>
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {(room || uploading) && (
        <Button
          ref={chooseRef}
          variant="outlined"
          startIcon={<AttachFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || uploading !== null}
          loading={uploading !== null}
          loadingPosition="start"
          aria-describedby={shownError || hint ? helperId : undefined}
        >
          {fileUploadTexts.choose}
        </Button>
      )}
      {uploading ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {fileUploadTexts.uploading(uploading)}
          </Typography>
          <LinearProgress aria-label={fileUploadTexts.uploading(uploading)} sx={{ mt: 0.5 }} />
        </Box>
      ) : null}
      {shownError || hint ? (
        <FormHelperText id={helperId} error={Boolean(shownError)} role={shownError ? 'alert' : undefined}>
          {shownError ?? hint}
        </FormHelperText>
      ) : null}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Box>
  );
}
