import { feedback } from '@portal/contract';
import { paths } from '@/lib/paths';
import { useActivateAccount } from '../api/activate-account';
import { useIsActivationKeyValid } from '../api/is-activation-key-valid';
import { NewPasswordCard } from '../components/new-password-card';
import { useTokenParameter } from '../components/use-token-parameter';

export default function ActivateAccountRoute() {
  const token = useTokenParameter();
  const tokenCheck = useIsActivationKeyValid(token);
  const submission = useActivateAccount();
  return (
    <NewPasswordCard
      title={paths.auth.activate.title}
      submitLabel="Account activeren"
      token={token}
      tokenCheck={tokenCheck}
      submission={submission}
      failedMessage={feedback.activationFailed}
      succeededMessage={feedback.activationSucceeded}
      expired={{
        text:
          'Deze activatielink werkt niet meer: hij is verlopen of al gebruikt. Vraag de administrator van uw organisatie om een nieuwe uitnodiging. Heeft u uw account al geactiveerd? Log dan in, of vraag een nieuw wachtwoord aan.',
        action: { label: 'Wachtwoord vergeten', to: paths.auth.resetPassword.path },
      }}
    />
  );
}
