import Alert from '@mui/material/Alert';
import { inboxText, mentionablePatient, patientMentions, type InboxDetail } from '@portal/contract';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';

interface Props {
  patient: InboxDetail['patient'];
}

/**
 * Warns while an answer names the item's patient (decision 0079): the customer's staff read it on screen, so a
 * name or birth date that is not needed is better left out. A warning, not a refusal: sometimes it is needed.
 * It reads the subject and text of the answer form it is in, whatever else that form holds (its files).
 */
export function AnswerPatientWarning({ patient }: Props) {
  const [subject, text] = useWatch<{ subject: string; text: string }>({ name: ['subject', 'text'] });
  const mentionable = useMemo(() => (patient ? mentionablePatient(patient) : null), [patient]);
  const found = mentionable ? patientMentions(`${subject}\n${text}`, mentionable) : [];
  if (found.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {inboxText.answerNamesPatient(found)} {inboxText.answerNamesPatientHint}
    </Alert>
  );
}
