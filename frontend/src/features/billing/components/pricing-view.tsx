/**
 * `/pricing`: the four plans, the money-back
 * guarantee, a sign-in prompt for visitors, the error banner, the FAQ and Contact Support. A paid
 * plan starts Stripe Checkout and the browser follows its URL; a subscriber sees their plan
 * marked and switches instead of buying twice (the route hands in the subscription and the
 * switch, which belong to the subscriptions feature).
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuShieldCheck } from 'react-icons/lu';
import { PLAN_SWITCH_TEXT } from '@contract/billing';
import { CHECKOUT_MESSAGES } from '@contract/checkout-messages';
import { MONEY_BACK_DAYS, PLANS, planById, type Plan } from '@contract/plans';
import type { SubscriptionView } from '@contract/subscriptions';
import { FormAlert } from '@/components/form/form-alert';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useBillingPlans } from '../api/get-plans';
import { useStartCheckout } from '../api/start-checkout';
import { checkoutFailure, subscriptionReturnUrls } from '../lib/checkout';
import { activePlanOf, planAction, priceIdOf } from '../lib/plan-actions';
import { CheckoutCanceledBanner } from './checkout-canceled-banner';
import { PlanCard } from './plan-card';
import { PricingFaq } from './pricing-faq';
import { SwitchPlanDialog } from './switch-plan-dialog';
import { SignInLink } from '@/components/sign-in-link';

export interface PricingViewProps {
  signedIn: boolean;
  /** The caller's subscription view (undefined while loading or signed out). */
  subscription: SubscriptionView | undefined;
  subscriptionLoading: boolean;
  /** The caller's subscription could not be loaded: why, with Try again (the plans wait for it). */
  subscriptionFailure?: ReactNode;
  /** Switches the caller's subscription to another price; resolves with the new view. */
  onSwitchPlan: (priceId: string) => Promise<SubscriptionView>;
}

/** Checkout and plan switching: which plan is busy, what failed, what the plan became. */
function usePricingActions(onSwitchPlan: PricingViewProps['onSwitchPlan']) {
  const plans = useBillingPlans();
  const checkout = useStartCheckout();
  const [failure, setFailure] = useState<string>();
  const [checkoutPlan, setCheckoutPlan] = useState<Plan['id']>();
  const [switchTarget, setSwitchTarget] = useState<Plan | null>(null);
  const [switching, setSwitching] = useState(false);
  const [switchedTo, setSwitchedTo] = useState<string>();

  const waiting = checkout.isPending || checkout.isSuccess || switching;

  /** The server's price id for a plan, or the banner's text when there is none to use. */
  const priceFor = (plan: Plan): string | null => {
    if (!plans.data) {
      setFailure(CHECKOUT_MESSAGES.startFailed);
      return null;
    }
    const priceId = priceIdOf(plans.data.plans, plan.id);
    if (!priceId) setFailure(CHECKOUT_MESSAGES.invalidPlan);
    return priceId;
  };

  const subscribe = (plan: Plan) => {
    setFailure(undefined);
    setSwitchedTo(undefined);
    const priceId = priceFor(plan);
    if (!priceId) return;
    setCheckoutPlan(plan.id);
    checkout.mutate(
      {
        mode: 'subscription',
        price_id: priceId,
        ...subscriptionReturnUrls(window.location.origin),
      },
      { onError: (error) => setFailure(checkoutFailure(error)) },
    );
  };

  const confirmSwitch = async (plan: Plan) => {
    setFailure(undefined);
    const priceId = priceFor(plan);
    if (!priceId) {
      setSwitchTarget(null);
      return;
    }
    setSwitching(true);
    try {
      const view = await onSwitchPlan(priceId);
      setSwitchedTo(view.plan_type ? planById(view.plan_type).name : plan.name);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSwitching(false);
      setSwitchTarget(null);
    }
  };

  return {
    plans,
    checkout,
    failure,
    setFailure,
    checkoutPlan,
    switchTarget,
    setSwitchTarget,
    switching,
    switchedTo,
    setSwitchedTo,
    waiting,
    subscribe,
    confirmSwitch,
  };
}

/** The page title and what the plans give. */
function PricingHeader() {
  return (
    <Stack gap="3" textAlign="center" align="center">
      <Heading as="h1" size="4xl" letterSpacing="tight">
        Simple, monthly pricing
      </Heading>
      <Text color="fg.muted" fontSize="lg" maxW="2xl">
        Pick a plan, download starter templates every month, and ship your MVP faster. Prices in
        pounds sterling; cancel any time.
      </Text>
    </Stack>
  );
}

/** Visitors are asked to sign in before subscribing, and brought back here. */
function SignInToSubscribe() {
  return (
    <Alert.Root status="info" data-testid="pricing-sign-in">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{CHECKOUT_MESSAGES.signInToSubscribe}</Alert.Title>
        <Alert.Description>
          <SignInLink from={paths.pricing.getHref()}>Sign in or create an account</SignInLink> to
          subscribe; you come back here afterwards.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The money-back guarantee's promise. */
function MoneyBackGuarantee() {
  return (
    <Alert.Root status="success" variant="subtle" data-testid="money-back">
      <Alert.Indicator>
        <LuShieldCheck />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{MONEY_BACK_DAYS}-day money-back guarantee</Alert.Title>
        <Alert.Description>
          Not what you needed? Ask for a refund within {MONEY_BACK_DAYS} days of paying and we will
          send the money back.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The way to support for questions the page leaves open. */
function StillHaveQuestions() {
  return (
    <HStack
      justify="space-between"
      wrap="wrap"
      gap="4"
      p="6"
      borderWidth="1px"
      rounded="lg"
      bg="bg.subtle"
    >
      <Stack gap="1">
        <Heading as="h2" size="md">
          Still have questions?
        </Heading>
        <Text color="fg.muted">Our team answers within one business day.</Text>
      </Stack>
      <Button asChild colorPalette="purple" variant="outline">
        <RouterLink to={paths.support.getHref()}>Contact Support</RouterLink>
      </Button>
    </HStack>
  );
}

/** Above the plans: a cancelled checkout, the last action's outcome, what could not be loaded. */
function PricingNotices({
  failure,
  switchedTo,
  signedIn,
  plans,
  subscriptionFailure,
}: {
  failure: string | undefined;
  switchedTo: string | undefined;
  signedIn: boolean;
  plans: ReturnType<typeof useBillingPlans>;
  subscriptionFailure: ReactNode;
}) {
  return (
    <Stack gap="3">
      <CheckoutCanceledBanner />
      {failure && <FormAlert status="error" title={failure} data-testid="pricing-error" />}
      {switchedTo && (
        <FormAlert
          status="success"
          title={`You are now on the ${switchedTo} plan.`}
          description={PLAN_SWITCH_TEXT.banner}
          data-testid="plan-switched"
        />
      )}
      {plans.isError && <QueryError {...failedQueryProps(plans)} testId="plans-error" />}
      {signedIn && subscriptionFailure}
      {!signedIn && <SignInToSubscribe />}
      {plans.data?.payments_mode === 'local' && (
        <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="test-card-note">
          Test payments: pay with card 4242 4242 4242 4242, any future expiry date and any CVC.
        </Text>
      )}
    </Stack>
  );
}

export function PricingView({
  signedIn,
  subscription,
  subscriptionLoading,
  subscriptionFailure,
  onSwitchPlan,
}: PricingViewProps) {
  const pricing = usePricingActions(onSwitchPlan);
  const currentPlan = activePlanOf(subscription);

  return (
    <Container maxW="7xl" py={{ base: '10', md: '16' }} data-testid="pricing">
      <Stack gap="10">
        <PricingHeader />

        <PricingNotices
          failure={pricing.failure}
          switchedTo={pricing.switchedTo}
          signedIn={signedIn}
          plans={pricing.plans}
          subscriptionFailure={subscriptionFailure}
        />

        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={planAction(plan, { signedIn, subscription })}
              busy={
                (pricing.checkoutPlan === plan.id &&
                  (pricing.checkout.isPending || pricing.checkout.isSuccess)) ||
                (pricing.switching && pricing.switchTarget?.id === plan.id)
              }
              disabled={
                pricing.waiting ||
                !pricing.plans.data ||
                (signedIn && (subscriptionLoading || Boolean(subscriptionFailure)))
              }
              onSubscribe={pricing.subscribe}
              onSwitch={(target) => {
                pricing.setFailure(undefined);
                pricing.setSwitchedTo(undefined);
                pricing.setSwitchTarget(target);
              }}
            />
          ))}
        </SimpleGrid>

        <MoneyBackGuarantee />

        <PricingFaq />

        <StillHaveQuestions />
      </Stack>

      <SwitchPlanDialog
        target={pricing.switchTarget}
        currentPlanName={currentPlan ? planById(currentPlan).name : null}
        busy={pricing.switching}
        onConfirm={pricing.confirmSwitch}
        onClose={() => {
          if (!pricing.switching) pricing.setSwitchTarget(null);
        }}
      />
    </Container>
  );
}
