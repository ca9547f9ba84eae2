import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ComponentModule } from '@/components/lazy-component';
import { LazyDialogBody } from '@/components/lazy-dialog-body';
import type { MemoFormProps } from './memo-form';

const loadMemoForm: ComponentModule<MemoFormProps> = () => import('./memo-form');

/**
 * A memo made or changed: title, text, the days it shows, and to whom. The list of memo's loads without the
 * form's code (the rich text field, the customer picker: issue 15's route budget); it is fetched as this opens.
 */
export function MemoDialog({ memo, onClose }: MemoFormProps) {
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="memo-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="memo-dialog-title">{memo ? 'Memo wijzigen' : 'Nieuwe memo'}</DialogTitle>
      <LazyDialogBody load={loadMemoForm} props={{ memo, onClose }} onClose={() => onClose(null)} />
    </Dialog>
  );
}
