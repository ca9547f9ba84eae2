import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { feedback } from '@portal/contract';
import { useLazyComponent, type ComponentModule } from './lazy-component';
import { LoadFailed } from './load-failed';
import { LoadingState } from './loading-state';

// Apart from lazy-component: a field's part (the date field's month grid) is fetched without a dialog's frame.

/**
 * The body of a dialog whose form is fetched as it opens: "Laden…" until the code is there, the failure with
 * "Opnieuw proberen" and "Sluiten" when it cannot be fetched, then the form itself (its content and actions).
 */
export function LazyDialogBody<P extends object>({ load, props, onClose }: { load: ComponentModule<P>; props: P; onClose: () => void }) {
  const { component: Form, error, retry } = useLazyComponent(load);
  if (error) {
    return (
      <>
        <DialogContent>
          <LoadFailed message={feedback.orderLoadFailed} error={error} onRetry={retry} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Sluiten</Button>
        </DialogActions>
      </>
    );
  }
  if (!Form) {
    return (
      <DialogContent>
        <LoadingState label="Laden…" />
      </DialogContent>
    );
  }
  return <Form {...props} />;
}
