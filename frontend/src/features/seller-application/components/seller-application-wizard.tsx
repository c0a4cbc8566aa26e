/**
 * `/seller-signup` and `/sell`: the seller application wizard's four steps, each checked with
 * its schema before Next, the first problem also named at the top with the product's message.
 *
 * - Signed in: the account step shows the account's e-mail and asks only for the name (prefilled
 *   from the profile); the application is stored as that account, whatever its role. One under
 *   review says so instead of the form; a declined one shows the admin's reason above it.
 * - Signed out: the account is created through the shared sign-up flow (with the e-mailed code
 *   when Cognito sends one), the wizard signs in with the password just typed and stores the
 *   application: the applicant lands signed in.
 *
 * Either way the applicant then goes to the dashboard with the product's message.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { Alert, Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isSellerRole } from '@contract/profile';
import {
  APPLICATION_SUBMITTED_MESSAGE,
  SELLER_APPLICATION_STEPS,
  sellerApplicationBodySchema,
  type MySellerApplication,
} from '@contract/seller-applications';
import { FormAlert } from '@/components/form/form-alert';
import { firstErrorMessage, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { describeAuthError } from '@/lib/auth-errors';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { confirmAndSignIn, signInWithPassword, signUp } from '@/lib/sign-up-flow';
import { useMySellerApplication } from '../api/get-my-application';
import { useSubmitApplication } from '../api/submit-application';
import {
  CONFIRM_SCHEMA,
  credentialsSchema,
  FIELD_ORDER,
  INITIAL_APPLICATION,
  SIGNED_IN_STEP_SCHEMAS,
  STEP_SCHEMAS,
  type ApplicationValues,
} from '../lib/application-form';
import { AccountStep } from './account-step';
import { ApplicationStepper } from './application-stepper';
import { ConfirmEmailStep } from './confirm-email-step';
import { ExperienceStep } from './experience-step';
import { PortfolioStep } from './portfolio-step';
import { ReviewStep } from './review-step';
import { formatDate } from '@/lib/format';

export const SUBMIT_FAILED = 'Failed to submit application';
/** A visitor who already has an account applies with it, signed in (and keeps their role). */
export const EXISTING_ACCOUNT_MESSAGE =
  'An account with this email already exists. Sign in with it (Sign In, at the top) and apply from there: you keep your account as it is.';

const LAST_STEP = SELLER_APPLICATION_STEPS.length - 1;

export function SellerApplicationWizard() {
  const { session } = useSession();
  // Once a new account's flow has started here, it finishes here (its sign-in must not swap the
  // form for the signed-in view halfway through storing the application).
  const [newAccountFlow, setNewAccountFlow] = useState(false);
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedIn' && !newAccountFlow) {
    return <SignedInApplication email={session.user.email} />;
  }
  return <ApplicationForm onNewAccountStart={() => setNewAccountFlow(true)} />;
}

/** A signed-in account: the form, or where its application stands. */
function SignedInApplication({ email }: { email: string }) {
  const profile = useMyProfile();
  const mine = useMySellerApplication();
  if (profile.isPending || mine.isPending) return <PageSpinner />;
  if (profile.isError || mine.isError) {
    return (
      <WizardFrame>
        <QueryError
          {...failedQueryProps(profile.isError ? profile : mine)}
          testId="seller-application-error"
        />
      </WizardFrame>
    );
  }
  if (
    (profile.data.is_seller_approved && isSellerRole(profile.data.role)) ||
    mine.data.status === 'approved'
  ) {
    return (
      <WizardFrame>
        <ApplicationState
          testId="application-approved"
          status="success"
          title="You are an approved seller"
          text="Your seller application was approved. Upload your first template."
          action={{ label: 'Upload MVP', to: paths.upload.getHref() }}
        />
      </WizardFrame>
    );
  }
  if (mine.data.status === 'pending') {
    return (
      <WizardFrame>
        <ApplicationState
          testId="application-pending"
          status="info"
          title="Your application is under review"
          text={`You applied on ${formatDate(mine.data.submitted_at)}. Applications are reviewed in 2-3 business days; we will let you know.`}
          action={{ label: 'Go to Dashboard', to: paths.dashboard.getHref() }}
        />
      </WizardFrame>
    );
  }
  return (
    <ApplicationForm
      signedIn={{
        email,
        // The profile's name, else the one of a previous application.
        fullName:
          profile.data.display_name ?? (mine.data.status === 'rejected' ? mine.data.full_name : ''),
        previous: mine.data.status === 'rejected' ? mine.data : null,
      }}
    />
  );
}

interface SignedInApplicant {
  email: string;
  fullName: string;
  previous: Extract<MySellerApplication, { status: 'rejected' }> | null;
}

/** What a failed submit says: the auth flow's own message when it has one. */
function submitFailureMessage(error: unknown, signedIn: boolean): string {
  if ((error as { name?: unknown } | null)?.name === 'UsernameExistsException') {
    return EXISTING_ACCOUNT_MESSAGE;
  }
  const failure = describeAuthError(error);
  if (failure.kind === 'message') return failure.message;
  return signedIn ? errorMessage(error) : SUBMIT_FAILED;
}

/** Next (once the step's fields pass their schema) and Back, between the wizard's steps. */
function wizardMoves(
  form: Pick<UseFormReturn<ApplicationValues>, 'clearErrors' | 'trigger'>,
  step: number,
  setStep: (step: number) => void,
) {
  const next = async () => {
    form.clearErrors('root');
    if (await form.trigger()) {
      // The next step starts clean: its messages appear only once its own button is pressed.
      form.clearErrors();
      setStep(step + 1);
    }
  };
  const back = () => {
    form.clearErrors();
    setStep(Math.max(0, step - 1));
  };
  return { next, back };
}

function ApplicationForm({
  signedIn,
  onNewAccountStart,
}: {
  signedIn?: SignedInApplicant;
  onNewAccountStart?: () => void;
}) {
  const navigate = useNavigate();
  const { refreshSession } = useSession();
  const [step, setStep] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const submitApplication = useSubmitApplication();
  const schemas = signedIn ? SIGNED_IN_STEP_SCHEMAS : STEP_SCHEMAS;
  // The form checks the step on screen (the code once Cognito asked for one); values of the
  // other steps stay in the form while their fields are not shown.
  const form = useZodForm<ApplicationValues, unknown>(confirming ? CONFIRM_SCHEMA : schemas[step], {
    ...INITIAL_APPLICATION,
    fullName: signedIn?.fullName ?? '',
  });

  /** Signed in (as the account that applies): store the application, go to the dashboard. */
  const finish = async () => {
    await submitApplication.mutateAsync(sellerApplicationBodySchema.parse(form.getValues()));
    if (!signedIn) await refreshSession();
    navigate(paths.dashboard.getHref(), { state: { notice: APPLICATION_SUBMITTED_MESSAGE } });
  };

  const submit = useFormSubmit(form, {
    // Submitting is possible on the last step (Submit Application) and the code step only.
    onValid: async () => {
      if (signedIn) return finish();
      const credentials = credentialsSchema.parse(form.getValues());
      onNewAccountStart?.();
      if (confirming) {
        const confirmed = await confirmAndSignIn(credentials, form.getValues('code').trim());
        // Without the session the application cannot be stored as the new account.
        if (confirmed.outcome !== 'signedIn') {
          throw confirmed.signInError ?? new Error('Not signed in');
        }
        return finish();
      }
      const { needsConfirmation } = await signUp(credentials, 'seller');
      if (needsConfirmation) return setConfirming(true);
      await signInWithPassword(credentials);
      await finish();
    },
    failureMessage: (error) => submitFailureMessage(error, signedIn !== undefined),
  });

  const { next, back } = wizardMoves(form, step, setStep);
  const message = submit.failure ?? firstErrorMessage(form.formState.errors, FIELD_ORDER);

  return (
    <WizardFrame>
      {signedIn?.previous && <PreviousRejection previous={signedIn.previous} />}
      <ApplicationStepper step={confirming ? SELLER_APPLICATION_STEPS.length : step} />
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate aria-label="Seller application">
          <Stack gap="5">
            <Heading as="h2" size="lg" data-testid="wizard-step">
              {confirming ? 'Confirm your email' : SELLER_APPLICATION_STEPS[step]}
            </Heading>
            {message && <FormAlert status="error" title={message} data-testid="wizard-error" />}
            <WizardStepFields step={step} confirming={confirming} email={signedIn?.email} />
            <WizardButtons
              step={step}
              confirming={confirming}
              busy={submit.busy}
              onBack={back}
              onNext={() => void next()}
            />
          </Stack>
        </form>
      </FormProvider>
    </WizardFrame>
  );
}

/** The admin's reason for declining the previous application, above the new one. */
function PreviousRejection({ previous }: { previous: NonNullable<SignedInApplicant['previous']> }) {
  return (
    <Alert.Root status="warning" data-testid="previous-rejection">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Your application of {formatDate(previous.submitted_at)} was not approved
        </Alert.Title>
        <Alert.Description>Reason: {previous.reason} You may apply again below.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The fields of the step on screen, or the e-mailed code once Cognito asked for one. */
function WizardStepFields(props: { step: number; confirming: boolean; email?: string }) {
  if (props.confirming) return <ConfirmEmailStep />;
  if (props.step === 0) return <AccountStep signedInEmail={props.email} />;
  if (props.step === 1) return <ExperienceStep />;
  if (props.step === 2) return <PortfolioStep />;
  return <ReviewStep email={props.email} />;
}

/** Back, and Next or the submit button of the step. */
function WizardButtons(props: {
  step: number;
  confirming: boolean;
  busy: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { step, confirming, busy } = props;
  return (
    <HStack justify="space-between">
      <Button variant="outline" onClick={props.onBack} disabled={step === 0 || confirming || busy}>
        Back
      </Button>
      {/* Keys: a Next button never turns into the submit button under the pointer. */}
      {confirming ? (
        <Button key="confirm" type="submit" colorPalette="purple" loading={busy}>
          Confirm and Submit
        </Button>
      ) : step < LAST_STEP ? (
        <Button key={`next-${step}`} colorPalette="purple" onClick={props.onNext}>
          Next
        </Button>
      ) : (
        <Button key="submit" type="submit" colorPalette="purple" loading={busy}>
          Submit Application
        </Button>
      )}
    </HStack>
  );
}

function WizardFrame({ children }: { children: React.ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: '6', md: '12' }} px={{ base: '3', sm: '4' }}>
      <Card.Root variant="elevated">
        <Card.Body gap="6" p={{ base: '4', sm: '6', md: '8' }}>
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl">
              Become a Seller
            </Heading>
            <Text color="fg.muted">
              Sell your MVP templates. You keep 70% of the commission pool.
            </Text>
          </Stack>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function ApplicationState(props: {
  testId: string;
  status: 'info' | 'success';
  title: string;
  text: string;
  action: { label: string; to: string };
}) {
  return (
    <Stack gap="4" data-testid={props.testId}>
      <Alert.Root status={props.status}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{props.title}</Alert.Title>
          <Alert.Description>{props.text}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="purple" alignSelf="center">
        <RouterLink to={props.action.to}>{props.action.label}</RouterLink>
      </Button>
    </Stack>
  );
}
