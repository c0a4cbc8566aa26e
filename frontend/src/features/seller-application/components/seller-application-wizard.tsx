/**
 * `/seller-signup` and `/sell` (seller spec §2, §5 Seller wizard): four steps, each checked with
 * its schema before Next, the first problem also named at the top with the spec's message. Submit
 * creates the seller account through the shared sign-up flow (with the e-mailed code when Cognito
 * sends one), stores the application as that account, and sends the applicant to /auth with a
 * message.
 */
import { useState } from 'react';
import {
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  Stack,
  Steps,
  Text,
} from '@chakra-ui/react';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  APPLICATION_SUBMITTED_MESSAGE,
  SELLER_APPLICATION_STEPS,
  sellerApplicationBodySchema,
} from '@contracts/seller-applications';
import { FormAlert } from '../../../components/form/form-alert';
import { firstErrorMessage } from '../../../components/form/use-form-submit';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../lib/auth-errors';
import { confirmAndSignIn, signInWithPassword, signUp } from '../../../lib/sign-up-flow';
import { useSubmitApplication } from '../api/submit-application';
import {
  CONFIRM_SCHEMA,
  credentialsSchema,
  FIELD_ORDER,
  INITIAL_APPLICATION,
  STEP_SCHEMAS,
  type ApplicationValues,
} from '../lib/application-form';
import { AccountStep } from './account-step';
import { ConfirmEmailStep } from './confirm-email-step';
import { ExperienceStep } from './experience-step';
import { PortfolioStep } from './portfolio-step';
import { ReviewStep } from './review-step';

export const SUBMIT_FAILED = 'Failed to submit application';

const LAST_STEP = SELLER_APPLICATION_STEPS.length - 1;
const STEP_VIEWS = [AccountStep, ExperienceStep, PortfolioStep, ReviewStep] as const;

export function SellerApplicationWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const submitApplication = useSubmitApplication();
  // The form checks the step on screen (the code once Cognito asked for one); values of the
  // other steps stay in the form while their fields are not shown.
  const form = useZodForm<ApplicationValues, unknown>(
    confirming ? CONFIRM_SCHEMA : STEP_SCHEMAS[step],
    INITIAL_APPLICATION,
  );

  /** Signed in as the new account: store the application, sign out, go to /auth. */
  const finish = async () => {
    await submitApplication.mutateAsync(sellerApplicationBodySchema.parse(form.getValues()));
    navigate(paths.auth.getHref(), { state: { notice: APPLICATION_SUBMITTED_MESSAGE } });
  };

  const submit = useFormSubmit(form, {
    // Submitting is possible on the last step (Submit Application) and the code step only.
    onValid: async () => {
      const credentials = credentialsSchema.parse(form.getValues());
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
    failureMessage: (error) => {
      const failure = describeAuthError(error);
      return failure.kind === 'message' ? failure.message : SUBMIT_FAILED;
    },
  });

  const next = async () => {
    form.clearErrors('root');
    if (await form.trigger()) setStep(step + 1);
  };
  const back = () => {
    form.clearErrors();
    setStep(Math.max(0, step - 1));
  };

  const message = submit.failure ?? firstErrorMessage(form.formState.errors, FIELD_ORDER);
  const StepView = STEP_VIEWS[step]!;

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <Card.Root variant="elevated">
        <Card.Body gap="6" p={{ base: '6', md: '8' }}>
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl">
              Become a Seller
            </Heading>
            <Text color="fg.muted">
              Sell your MVP templates. You keep 70% of the commission pool.
            </Text>
          </Stack>
          <Steps.Root step={step} count={SELLER_APPLICATION_STEPS.length} size="sm">
            {/*
              A progress list, not tabs: the steps are not panels one can switch between, so the
              list is an <ol> of its own instead of Steps.List (a tablist owning tab triggers).
            */}
            <Flex
              as="ol"
              aria-label="Application steps"
              justify="space-between"
              align="center"
              gap="3"
              listStyleType="none"
            >
              {SELLER_APPLICATION_STEPS.map((title, index) => (
                <Steps.Item
                  key={title}
                  index={index}
                  title={title}
                  as="li"
                  aria-current={index === step ? 'step' : undefined}
                >
                  <Steps.Indicator />
                  <Steps.Title>{title}</Steps.Title>
                  <Steps.Separator />
                </Steps.Item>
              ))}
            </Flex>
          </Steps.Root>
          <FormProvider {...form}>
            <form onSubmit={submit.onSubmit} noValidate aria-label="Seller application">
              <Stack gap="5">
                <Heading as="h2" size="lg" data-testid="wizard-step">
                  {confirming ? 'Confirm your email' : SELLER_APPLICATION_STEPS[step]}
                </Heading>
                {message && <FormAlert status="error" title={message} data-testid="wizard-error" />}
                {confirming ? <ConfirmEmailStep /> : <StepView />}
                <HStack justify="space-between">
                  <Button
                    variant="outline"
                    onClick={back}
                    disabled={step === 0 || confirming || submit.busy}
                  >
                    Back
                  </Button>
                  {confirming ? (
                    <Button type="submit" colorPalette="purple" loading={submit.busy}>
                      Confirm and Submit
                    </Button>
                  ) : step < LAST_STEP ? (
                    <Button colorPalette="purple" onClick={next}>
                      Next
                    </Button>
                  ) : (
                    <Button type="submit" colorPalette="purple" loading={submit.busy}>
                      Submit Application
                    </Button>
                  )}
                </HStack>
              </Stack>
            </form>
          </FormProvider>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
