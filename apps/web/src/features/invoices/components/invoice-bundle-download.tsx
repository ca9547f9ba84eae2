import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { type ComponentModule } from '@/components/lazy-component';
import { LazyDialogBody } from '@/components/lazy-dialog-body';
import type { InvoiceBundleFormProps } from './invoice-bundle-dialog';

export const bundleButtonText = 'Facturen downloaden als ZIP';

/** The dialog's form, in a chunk of its own: the invoices screen loads without it (the route budgets). */
const loadBundleForm: ComponentModule<InvoiceBundleFormProps> = () => import('./invoice-bundle-dialog');

/**
 * "Facturen downloaden als ZIP": the button and its dialog, whose form is fetched as the dialog first opens and
 * kept from then on (the choice stays for the next download). Against a server without the call it says so once
 * and then leaves the page to the single downloads.
 */
export function InvoiceBundleDownload() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const titleId = useId();
  if (unavailable && !open) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FolderZipOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {bundleButtonText}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth keepMounted={opened}>
        <DialogTitle id={titleId}>{bundleButtonText}</DialogTitle>
        {opened && <LazyDialogBody load={loadBundleForm} props={{ open, onClose: close, onUnavailable: () => setUnavailable(true), unavailable }} onClose={close} />}
      </Dialog>
    </>
  );
}
