/** One plan on /pricing: price, quota, what it includes, and the action this viewer can take. */
import { Badge, Button, Card, Heading, HStack, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuCircleCheck } from 'react-icons/lu';
import { formatGbp } from '@contract/money';
import { CUSTOM_PRICING_LABEL, type Plan } from '@contract/plans';
import { paths } from '@/config/paths';
import { planPricePence, type PlanAction } from '../lib/plan-actions';
import { SignInButton } from '@/components/sign-in-link';

export interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** This card's checkout or switch is under way. */
  busy: boolean;
  /** Another action is under way (or the plans are loading): this card waits. */
  disabled: boolean;
  onSubscribe: (plan: Plan) => void;
  onSwitch: (plan: Plan) => void;
}

export function PlanCard({ plan, action, busy, disabled, onSubscribe, onSwitch }: PlanCardProps) {
  const pence = planPricePence(plan);
  const current = action.kind === 'current';
  return (
    <Card.Root
      variant="outline"
      borderWidth={plan.popular || current ? '2px' : '1px'}
      borderColor={current ? 'green.solid' : plan.popular ? 'purple.solid' : undefined}
      data-testid={`plan-${plan.id}`}
    >
      <Card.Header gap="2">
        <HStack justify="space-between" minH="6">
          <Heading as="h2" size="lg">
            {plan.name}
          </Heading>
          {current ? (
            <Badge colorPalette="green" variant="solid">
              Current plan
            </Badge>
          ) : (
            plan.popular && (
              <Badge colorPalette="purple" variant="solid">
                Most Popular
              </Badge>
            )
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {plan.description}
        </Text>
      </Card.Header>
      <Card.Body gap="5">
        {pence === null ? (
          // As tall as a price line, so the lists below start level across the cards.
          <Text
            fontSize="2xl"
            fontWeight="bold"
            lineHeight="1.2"
            minH="12"
            display="flex"
            alignItems="center"
          >
            {CUSTOM_PRICING_LABEL}
          </Text>
        ) : (
          <HStack gap="1" align="baseline">
            <Text fontSize="4xl" fontWeight="bold" lineHeight="1.2" data-testid="plan-price">
              {formatGbp(pence)}
            </Text>
            <Text color="fg.muted">/month</Text>
          </HStack>
        )}
        <List.Root gap="2" variant="plain">
          {plan.features.map((feature) => (
            <List.Item key={feature}>
              <List.Indicator asChild color="green.fg">
                <LuCircleCheck />
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <PlanButton
          plan={plan}
          action={action}
          busy={busy}
          disabled={disabled}
          onSubscribe={onSubscribe}
          onSwitch={onSwitch}
        />
      </Card.Footer>
    </Card.Root>
  );
}

function PlanButton({ plan, action, busy, disabled, onSubscribe, onSwitch }: PlanCardProps) {
  const palette = plan.popular ? 'purple' : 'gray';
  const variant = plan.popular ? 'solid' : 'outline';
  switch (action.kind) {
    case 'contact':
      return (
        <Button asChild w="full" variant="outline">
          <RouterLink to={paths.contact.getHref()}>Contact Sales</RouterLink>
        </Button>
      );
    case 'sign-in':
      return (
        <SignInButton
          from={paths.pricing.getHref()}
          w="full"
          colorPalette={palette}
          variant={variant}
        >
          Sign in to subscribe
        </SignInButton>
      );
    case 'current':
      return (
        <Button w="full" variant="subtle" colorPalette="green" disabled>
          Current plan
        </Button>
      );
    case 'switch':
      return (
        <Button
          w="full"
          colorPalette="purple"
          variant="outline"
          loading={busy}
          disabled={disabled}
          onClick={() => onSwitch(plan)}
        >
          Switch to {plan.name}
        </Button>
      );
    case 'subscribe':
      return (
        <Button
          w="full"
          colorPalette="purple"
          variant={variant}
          loading={busy}
          loadingText="Redirecting…"
          disabled={disabled}
          onClick={() => onSubscribe(plan)}
        >
          Get {plan.name}
        </Button>
      );
  }
}
