import Button from '@mui/material/Button';
import type { Pharmacist } from '@portal/contract';
import { failureMessage } from '@/lib/form-errors';
import { useResendInvitation } from '../api/resend-invitation';
import { fullName } from '../utils/pharmacist-labels';

export const resendFailedText = 'Het opnieuw sturen van de uitnodiging is mislukt. Probeer het opnieuw.';

interface ResendInvitationButtonProps {
  pharmacist: Pharmacist;
  /** Sent (null) or failed (the text to say). */
  onOutcome: (failure: string | null) => void;
}

/** 'Uitnodiging opnieuw sturen' on the row of an invited account: a new activation mail; the old link stops working. */
export function ResendInvitationButton({ pharmacist, onOutcome }: ResendInvitationButtonProps) {
  const resend = useResendInvitation();
  return (
    <Button
      size="small"
      variant="text"
      loading={resend.isPending}
      aria-label={`Uitnodiging opnieuw sturen aan ${fullName(pharmacist)}`}
      onClick={() =>
        resend.mutate(
          { accountId: pharmacist.accountId },
          { onSuccess: () => onOutcome(null), onError: (error) => onOutcome(failureMessage(error, resendFailedText)) },
        )
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      Uitnodiging opnieuw sturen
    </Button>
  );
}
