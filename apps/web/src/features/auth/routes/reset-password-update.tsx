import { feedback } from '@portal/contract';
import { paths } from '@/lib/paths';
import { useIsPasswordResetTokenValid } from '../api/is-password-reset-token-valid';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordCard } from '../components/new-password-card';
import { useTokenParameter } from '../components/use-token-parameter';

export default function ResetPasswordUpdateRoute() {
  const token = useTokenParameter();
  const tokenCheck = useIsPasswordResetTokenValid(token);
  const submission = useResetPassword();
  return (
    <NewPasswordCard
      title={paths.auth.resetPasswordUpdate.title}
      submitLabel="Wachtwoord wijzigen"
      token={token}
      tokenCheck={tokenCheck}
      submission={submission}
      failedMessage={feedback.resetFailed}
      succeededMessage={feedback.resetSucceeded}
      expired={{
        text: 'Deze link werkt niet meer: hij is verlopen of al gebruikt. Vraag een nieuwe link aan; die komt per e-mail.',
        action: { label: 'Nieuwe link aanvragen', to: paths.auth.resetPassword.path },
      }}
    />
  );
}
