import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Field,
  Input,
  Link,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { planById } from '@contracts/plans';
import {
  REFUND_AMOUNT_STEP,
  REFUND_MESSAGES,
  REFUND_MIN_AMOUNT,
  REFUND_REASON_MAX,
} from '@contracts/refunds';
import type { Subscription } from '@contracts/subscriptions';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { validateFields, type FieldErrors } from '../../../lib/form-errors';
import { refundRequestInputSchema, useCreateRefundRequest } from '../api/create-refund-request';

export interface RefundRequestFormProps {
  /** The caller's own subscriptions: the only ones a request may name. */
  subscriptions: readonly Subscription[];
  onSubmitted?: () => void;
}

const subscriptionLabel = (subscription: Subscription) =>
  `${planById(subscription.plan_type).name} plan (${subscription.status}) since ${new Date(
    subscription.created_at,
  ).toLocaleDateString()}`;

/** The amount as typed; empty or unparsable stays invalid so the schema gives the spec's text. */
const parseAmount = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

export function RefundRequestForm({ subscriptions, onSubmitted }: RefundRequestFormProps) {
  const [subscriptionId, setSubscriptionId] = useState('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; message: string }>();
  const mutation = useCreateRefundRequest();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const checked = validateFields(refundRequestInputSchema, {
      subscription_id: subscriptionId,
      reason,
      amount_requested: parseAmount(amount),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      await mutation.mutateAsync(checked.data);
      setSubscriptionId('');
      setReason('');
      setAmount('');
      setOutcome({ status: 'success', message: REFUND_MESSAGES.submitted });
      onSubmitted?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        return setOutcome({ status: 'error', message: REFUND_MESSAGES.signedOut });
      }
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      const detail = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : '';
      setOutcome({ status: 'error', message: `${REFUND_MESSAGES.submitFailed}${detail}` });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New refund request">
      <Stack gap="5">
        {outcome && (
          <Alert.Root status={outcome.status} data-testid={`refund-${outcome.status}`}>
            <Alert.Indicator />
            <Alert.Title>{outcome.message}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.subscription_id)}>
          <Field.Label>Subscription</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={subscriptionId}
              onChange={(event) => setSubscriptionId(event.target.value)}
            >
              <option value="">Select a subscription</option>
              {subscriptions.map((subscription) => (
                <option key={subscription.id} value={subscription.id}>
                  {subscriptionLabel(subscription)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {subscriptions.length === 0 && (
            <Field.HelperText>
              You have no subscriptions yet.{' '}
              <Link asChild colorPalette="purple">
                <RouterLink to={paths.pricing.getHref()}>See the plans</RouterLink>
              </Link>
            </Field.HelperText>
          )}
          <Field.ErrorText>{errors.subscription_id}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.reason)}>
          <Field.Label>Reason for Refund</Field.Label>
          <Textarea
            value={reason}
            rows={5}
            maxLength={REFUND_REASON_MAX}
            placeholder="Please explain why you are requesting a refund"
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.ErrorText>{errors.reason}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.amount_requested)}>
          {/* The spec labels the amount in dollars although plan prices are in pounds. */}
          <Field.Label>Refund Amount ($)</Field.Label>
          <Input
            type="number"
            inputMode="decimal"
            step={REFUND_AMOUNT_STEP}
            min={REFUND_MIN_AMOUNT}
            value={amount}
            placeholder="0.00"
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field.ErrorText>{errors.amount_requested}</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          Refund requests are reviewed by our team. Plans come with a 30-day money-back guarantee.
        </Text>
        <Button type="submit" colorPalette="purple" loading={mutation.isPending} alignSelf="start">
          Submit Request
        </Button>
      </Stack>
    </form>
  );
}
