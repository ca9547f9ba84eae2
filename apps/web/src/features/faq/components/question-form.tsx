import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { FormStatus, formStateOf } from '@/components/form-status';
import { FormTextField } from '@/components/form/form-text-field';
import { failureMessage } from '@/lib/form-errors';
import { submitWith } from '@/lib/forms/submit-with';
import { useAskNonFaqQuestion, type AskNonFaqQuestionInput } from '../api/ask-non-faq-question';

const headingId = 'question-heading';

/** A question that the FAQ does not answer, sent to the provider's service desk. */
export function QuestionForm() {
  const ask = useAskNonFaqQuestion();
  const form = useForm<AskNonFaqQuestionInput>({
    defaultValues: { question: '' },
    resolver: schemaResolver(calls.forms.askNonFaqQuestion.body),
  });
  const onSubmit = submitWith(form, ask, ['question']);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h2" gutterBottom>
          Staat uw vraag er niet bij?
        </Typography>
        <Typography color="text.secondary">Stel uw vraag hier. Wij nemen zo snel mogelijk contact met u op.</Typography>
        <FormStatus
          state={formStateOf(ask)}
          successMessage={feedback.faqQuestionSucceeded}
          errorMessage={failureMessage(ask.error, feedback.faqQuestionFailed)}
        />
        <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
          <FormTextField
            name="question"
            label="Uw vraag"
            required
            multiline
            minRows={4}
            disabled={ask.isPending}
          />
          <Button type="submit" variant="contained" loading={ask.isPending} sx={{ mt: 1 }}>
            Vraag versturen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
