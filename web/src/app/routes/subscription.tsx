import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthDialogs } from '@/features/auth';
import { SubscriptionView } from '@/features/subscription';

/** /subscription, composed with the sign-in dialogs (a feature imports no other feature). */
export default function SubscriptionRoute() {
  const navigate = useNavigate();
  const dialogs = useAuthDialogs();
  return (
    <SubscriptionView
      onNeedsRegistration={() => {
        // SPEC section 4: signed out, the visitor is sent to / , where registering comes first;
        // the registration dialog then offers to go on to the chosen plan's payment.
        navigate(paths.home);
        dialogs.openRegistration();
      }}
      onSignIn={(email) => dialogs.openAuth('login', email)}
    />
  );
}
