import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { FormSectionCard } from '@/components/form/form-section-card';
import { NewPasswordFields, PasswordField } from '@/components/form/password-field';
import { schemaResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { useUpdatePassword, type UpdatePasswordInput } from '../api/update-password';

const resolver = schemaResolver(calls.account.updatePassword.body);

export function PasswordChangeCard() {
  const update = useUpdatePassword();
  const form = useForm<UpdatePasswordInput>({
    defaultValues: { currentPassword: '', newPassword: '', passwordRepeat: '' },
    resolver,
  });

  return (
    <FormSectionCard
      headingId="password-change-heading"
      heading="Wachtwoord wijzigen"
      form={form}
      // A wrong current password is said once, by the card's alert in the spec's words; not again at the field.
      onSubmit={submitWith(form, update, ['currentPassword', 'newPassword', 'passwordRepeat'], { titleInAlert: true })}
      submission={update}
      succeededMessage={feedback.passwordChangeSucceeded}
      failedMessage={feedback.passwordChangeFailed}
      submitLabel="Wachtwoord wijzigen"
      submitGap={2}
    >
      <PasswordField
        name="currentPassword"
        label="Huidig wachtwoord"
        autoComplete="current-password"
        required
        disabled={update.isPending}
      />
      <NewPasswordFields<UpdatePasswordInput> names={{ password: 'newPassword', repeat: 'passwordRepeat' }} disabled={update.isPending} />
    </FormSectionCard>
  );
}
