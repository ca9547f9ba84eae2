import Alert from '@mui/material/Alert';
import { inboxText, mentionablePatient, patientMentions, type InboxDetail } from '@portal/contract';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';

interface Props {
  control: Control<{ subject: string; text: string }>;
  patient: InboxDetail['patient'];
}

/**
 * Warns while an answer names the item's patient (decision 0079): the customer's staff read it on screen, so a
 * name or birth date that is not needed is better left out. A warning, not a refusal: sometimes it is needed.
 */
export function AnswerPatientWarning({ control, patient }: Props) {
  const [subject, text] = useWatch({ control, name: ['subject', 'text'] });
  const mentionable = useMemo(() => (patient ? mentionablePatient(patient) : null), [patient]);
  const found = mentionable ? patientMentions(`${subject}\n${text}`, mentionable) : [];
  if (found.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {inboxText.answerNamesPatient(found)} {inboxText.answerNamesPatientHint}
    </Alert>
  );
}
