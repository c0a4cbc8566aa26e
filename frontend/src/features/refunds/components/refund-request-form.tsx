import { useState } from 'react';
import { Button, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod';
import { planById } from '@contracts/plans';
import {
  REFUND_AMOUNT_STEP,
  REFUND_MESSAGES,
  REFUND_MIN_AMOUNT,
  REFUND_REASON_MAX,
  refundRequestInputSchema,
} from '@contracts/refunds';
import { SUBSCRIPTION_STATUS_LABELS, type Subscription } from '@contracts/subscriptions';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { requestFailure } from '../../../components/request-page';
import { paths } from '../../../config/paths';
import { useCreateRefundRequest } from '../api/create-refund-request';
import { formatDate } from '../../../lib/format';

export interface RefundRequestFormProps {
  /** The caller's own subscriptions: the only ones a request may name. */
  subscriptions: readonly Subscription[];
  onSubmitted?: () => void;
}

const subscriptionLabel = (subscription: Subscription) =>
  `${planById(subscription.plan_type).name} plan (${SUBSCRIPTION_STATUS_LABELS[subscription.status]}) since ${formatDate(subscription.created_at)}`;

/**
 * The form holds the amount as typed; it becomes a number before the shared schema checks it, and
 * empty or unparsable text stays invalid so the schema gives the spec's text.
 */
const refundFormSchema = z
  .object({
    subscription_id: z.string(),
    reason: z.string(),
    amount_requested: z
      .string()
      .transform((text) => (text.trim() === '' ? undefined : Number(text))),
  })
  .pipe(refundRequestInputSchema);

const EMPTY_REQUEST = { subscription_id: '', reason: '', amount_requested: '' };

export function RefundRequestForm({ subscriptions, onSubmitted }: RefundRequestFormProps) {
  const [submitted, setSubmitted] = useState(false);
  const createRefundRequest = useCreateRefundRequest();
  const form = useZodForm(refundFormSchema, EMPTY_REQUEST);
  const submit = useFormSubmit(form, {
    onStart: () => setSubmitted(false),
    onValid: async (input) => {
      await createRefundRequest.mutateAsync(input);
      form.reset(EMPTY_REQUEST);
      setSubmitted(true);
      onSubmitted?.();
    },
    failureMessage: (error) => requestFailure(form, error, REFUND_MESSAGES),
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="New refund request">
      <Stack gap="5">
        {submitted && (
          <FormAlert
            status="success"
            title={REFUND_MESSAGES.submitted}
            data-testid="refund-success"
          />
        )}
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="refund-error" />
        )}
        <FormField
          label="Subscription"
          error={errors.subscription_id?.message}
          helperText={
            subscriptions.length === 0 ? (
              <>
                You have no subscriptions yet.{' '}
                <Link asChild colorPalette="purple">
                  <RouterLink to={paths.pricing.getHref()}>See the plans</RouterLink>
                </Link>
              </>
            ) : undefined
          }
        >
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('subscription_id')}>
              <option value="">Select a subscription</option>
              {subscriptions.map((subscription) => (
                <option key={subscription.id} value={subscription.id}>
                  {subscriptionLabel(subscription)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Reason for Refund" error={errors.reason?.message}>
          <Textarea
            {...form.register('reason')}
            rows={5}
            maxLength={REFUND_REASON_MAX}
            placeholder="Please explain why you are requesting a refund"
          />
        </FormField>
        {/* The spec labels the amount in dollars, but plans are charged in pounds and a refund
            goes back in the currency charged (issue 10 §12). */}
        <FormField label="Refund Amount (£)" error={errors.amount_requested?.message}>
          <Input
            {...form.register('amount_requested')}
            type="number"
            inputMode="decimal"
            step={REFUND_AMOUNT_STEP}
            min={REFUND_MIN_AMOUNT}
            placeholder="0.00"
          />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          Refund requests are reviewed by our team. Plans come with a 30-day money-back guarantee.
        </Text>
        <Button type="submit" colorPalette="purple" loading={submit.busy} alignSelf="start">
          Submit Request
        </Button>
      </Stack>
    </form>
  );
}
