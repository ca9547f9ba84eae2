import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { FormSectionCard } from '@/components/form/form-section-card';
import { FormTextField } from '@/components/form/form-text-field';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { useAskNonFaqQuestion, type AskNonFaqQuestionInput } from '../api/ask-non-faq-question';

const resolver = schemaResolver(calls.forms.askNonFaqQuestion.body);

/** A question that the FAQ does not answer, sent to the provider's service desk. */
export function QuestionForm() {
  const ask = useAskNonFaqQuestion();
  const form = useForm<AskNonFaqQuestionInput>({
    defaultValues: { question: '' },
    resolver,
  });

  return (
    <FormSectionCard
      headingId="question-heading"
      heading="Staat uw vraag er niet bij?"
      intro="Stel uw vraag hier. Wij nemen zo snel mogelijk contact met u op."
      form={form}
      onSubmit={submitWith(form, ask, ['question'])}
      submission={ask}
      succeededMessage={feedback.faqQuestionSucceeded}
      failedMessage={feedback.faqQuestionFailed}
      submitLabel="Vraag versturen"
      submitGap={1}
    >
      <FormTextField name="question" label="Uw vraag" required multiline minRows={4} disabled={ask.isPending} />
    </FormSectionCard>
  );
}
