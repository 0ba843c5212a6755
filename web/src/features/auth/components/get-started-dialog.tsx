import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const Choices = styled.div`
  display: grid;
  gap: 0.8rem;
  button { width: 100%; flex-direction: column; align-items: flex-start; text-align: left; }
  small { font-weight: 400; }
`;

export function GetStartedDialog(props: { open: boolean; onClose: () => void; onNewUser: () => void; onReturningUser: () => void }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Get Started"
      description="Register once to check your documents. Your first 5 reports are free, no credit card needed."
      testId="get-started-dialog"
    >
      <Choices>
        <Button data-testid="get-started-new-user" onClick={props.onNewUser} $size="lg">
          New User
          <small>Register with your name and email</small>
        </Button>
        <Button data-testid="get-started-returning-user" $variant="secondary" onClick={props.onReturningUser} $size="lg">
          Returning User
          <small>Sign in to your account</small>
        </Button>
      </Choices>
    </Dialog>
  );
}
