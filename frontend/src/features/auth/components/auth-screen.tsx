import { useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Card, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth-session';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { signInWithPassword } from '@/lib/sign-up-flow';
import { afterSignInPath, afterSignUpPath } from '../lib/redirect';
import { BetaAccessButton } from './beta-access-button';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Step =
  | { name: 'credentials'; tab: 'signIn' | 'signUp'; notice?: string }
  /** `then`: where a new account goes once signed in (set by the sign-up tab). */
  | { name: 'confirm'; email: string; password?: string; then?: string }
  | { name: 'reset'; email: string };

const TITLES: Record<string, { title: string; subtitle: string }> = {
  signIn: { title: 'Welcome back', subtitle: 'Sign in to download and manage your templates.' },
  signUp: { title: 'Create your account', subtitle: 'Join as a buyer or a seller in a minute.' },
  confirm: { title: 'Confirm your email', subtitle: 'One more step to activate your account.' },
  reset: { title: 'Reset your password', subtitle: 'Choose a new password for your account.' },
};

const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' &&
  state !== null &&
  'notice' in state &&
  typeof state.notice === 'string'
    ? state.notice
    : undefined;

/** `/auth`, `/signin`, `/signup`: one screen for every step of Cognito's sign-in and sign-up. */
/**
 * A new account: the code step when Cognito sends one, else signed in with the password just
 * chosen, and on to where the sign-up was headed.
 */
const afterSignUp =
  (
    state: unknown,
    then: {
      setStep: (step: Step) => void;
      finish: (to: string) => void;
      backToSignIn: (notice?: string) => void;
    },
  ): SignUpProps['onSignedUp'] =>
  (address, password, needsConfirmation, role) => {
    const to = afterSignUpPath(role, state);
    if (needsConfirmation) {
      then.setStep({ name: 'confirm', email: address, password, then: to });
      return;
    }
    // A pool that confirms by itself: sign in with the password just chosen.
    signInWithPassword({ email: address, password }).then(
      (outcome) =>
        outcome === 'signedIn'
          ? then.finish(to)
          : then.setStep({ name: 'confirm', email: address, password, then: to }),
      () => then.backToSignIn('Your account is ready. Please sign in.'),
    );
  };

export function AuthScreen({ initialMode }: { initialMode: 'signIn' | 'signUp' }) {
  const location = useLocation();
  // Pages that send people here with something to say (e.g. the seller application) pass it as
  // router state `{ notice }`; it shows above the sign-in form.
  const [step, setStep] = useState<Step>(() => ({
    name: 'credentials',
    tab: initialMode,
    notice: noticeOf(location.state),
  }));
  const [email, setEmail] = useState('');
  // Once a flow starts here, this screen decides where to go (e.g. settings after a reset).
  const [flowStarted, setFlowStarted] = useState(false);
  const { session, refreshSession } = useSession();
  const navigate = useNavigate();
  const destination = afterSignInPath(location.state);

  if (session.status === 'signedIn' && !flowStarted) return <Navigate to={destination} replace />;

  const finish = (to: string) => {
    void refreshSession().then(() => navigate(to, { replace: true }));
  };
  const startFlow = () => setFlowStarted(true);
  const backToSignIn = (notice?: string) => setStep({ name: 'credentials', tab: 'signIn', notice });

  const signedUp = afterSignUp(location.state, { setStep, finish, backToSignIn });

  return (
    <AuthCard heading={TITLES[step.name === 'credentials' ? step.tab : step.name]}>
      {step.name === 'credentials' && (
        <CredentialsTabs
          tab={step.tab}
          onTabChange={(tab) => setStep({ name: 'credentials', tab })}
          email={email}
          onEmailChange={setEmail}
          notice={step.notice}
          onStart={startFlow}
          onSignedIn={() => finish(destination)}
          onNeedsConfirmation={(address, password) =>
            setStep({ name: 'confirm', email: address, password })
          }
          onResetRequested={(address) => setStep({ name: 'reset', email: address })}
          onSignedUp={signedUp}
        />
      )}

      {step.name === 'credentials' && getRuntimeConfig().betaAccess && (
        <BetaAccessButton onStart={startFlow} onSignedIn={() => finish(destination)} />
      )}

      {step.name === 'confirm' && (
        <ConfirmSignUpForm
          email={step.email}
          password={step.password}
          onSignedIn={() => finish(step.then ?? destination)}
          onConfirmed={() => backToSignIn('Your email is confirmed. Please sign in.')}
          onBack={() => backToSignIn()}
        />
      )}

      {step.name === 'reset' && (
        <ResetPasswordForm
          email={step.email}
          onSignedIn={() => finish(paths.settings.getHref('security'))}
          onReset={() => backToSignIn('Your password has been reset. Please sign in.')}
          onBack={() => backToSignIn()}
        />
      )}
    </AuthCard>
  );
}

/** The card every step shows in, under the step's title. */
function AuthCard(props: { heading: { title: string; subtitle: string }; children: ReactNode }) {
  return (
    <Box
      bgGradient="to-b"
      gradientFrom="purple.subtle"
      gradientTo="bg"
      py={{ base: '10', md: '16' }}
    >
      <Container maxW="md">
        <Card.Root variant="elevated" data-testid="auth-card">
          <Card.Body gap="6" p={{ base: '6', md: '8' }}>
            <Stack gap="1" textAlign="center">
              <Heading as="h1" size="2xl">
                {props.heading.title}
              </Heading>
              <Text color="fg.muted">{props.heading.subtitle}</Text>
            </Stack>
            {props.children}
          </Card.Body>
        </Card.Root>
      </Container>
    </Box>
  );
}

type SignInProps = ComponentProps<typeof SignInForm>;
type SignUpProps = ComponentProps<typeof SignUpForm>;

/** Sign In and Sign Up, as two tabs sharing the email typed so far. */
function CredentialsTabs(
  props: {
    tab: 'signIn' | 'signUp';
    onTabChange: (tab: 'signIn' | 'signUp') => void;
    notice: string | undefined;
  } & Pick<
    SignInProps,
    | 'email'
    | 'onEmailChange'
    | 'onStart'
    | 'onSignedIn'
    | 'onNeedsConfirmation'
    | 'onResetRequested'
  > &
    Pick<SignUpProps, 'onSignedUp'>,
) {
  return (
    <Tabs.Root
      value={props.tab}
      onValueChange={(details) =>
        props.onTabChange(details.value === 'signUp' ? 'signUp' : 'signIn')
      }
      variant="enclosed"
      fitted
      lazyMount
      unmountOnExit
    >
      <Tabs.List mb="6">
        <Tabs.Trigger value="signIn">Sign In</Tabs.Trigger>
        <Tabs.Trigger value="signUp">Sign Up</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="signIn">
        <SignInForm
          email={props.email}
          onEmailChange={props.onEmailChange}
          notice={props.notice}
          onStart={props.onStart}
          onSignedIn={props.onSignedIn}
          onNeedsConfirmation={props.onNeedsConfirmation}
          onResetRequested={props.onResetRequested}
        />
      </Tabs.Content>
      <Tabs.Content value="signUp">
        <SignUpForm
          email={props.email}
          onEmailChange={props.onEmailChange}
          onStart={props.onStart}
          onSignedUp={props.onSignedUp}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
