import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ComponentModule } from '@/components/lazy-component';
import { LazyDialogBody } from '@/components/lazy-dialog-body';
import type { FaqFormProps } from './faq-form';

const loadFaqForm: ComponentModule<FaqFormProps> = () => import('./faq-form');

/** A FAQ item made or changed; the list loads without the form's code (the rich text field), fetched as this opens. */
export function FaqDialog({ item, onClose }: FaqFormProps) {
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="faq-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="faq-dialog-title">{item ? 'Vraag wijzigen' : 'Nieuwe vraag'}</DialogTitle>
      <LazyDialogBody load={loadFaqForm} props={{ item, onClose }} onClose={() => onClose(null)} />
    </Dialog>
  );
}
