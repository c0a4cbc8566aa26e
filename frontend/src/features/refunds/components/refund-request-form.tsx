import { useState } from 'react';
import { Button, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod';
import { formatGbp } from '@contract/money';
import { planById } from '@contract/plans';
import {
  REFUND_AMOUNT_STEP,
  REFUND_MESSAGES,
  REFUND_MIN_AMOUNT,
  REFUND_REASON_MAX,
  refundMaxMessage,
  refundRequestInputSchema,
  type RefundablePurchase,
} from '@contract/refunds';
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatus } from '@contract/subscriptions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { requestFailure } from '@/components/request-page';
import { paths } from '@/config/paths';
import { useCreateRefundRequest } from '../api/create-refund-request';
import { formatDate } from '@/lib/format';

export interface RefundRequestFormProps {
  /** The caller's own refundable purchases: the only ones a request may name. */
  purchases: readonly RefundablePurchase[];
  onSubmitted?: () => void;
}

const purchaseLabel = (purchase: RefundablePurchase) =>
  purchase.kind === 'order'
    ? `${purchase.mvp_title ?? 'Template'} (bought ${formatDate(purchase.created_at)})`
    : `${planById(purchase.plan_type ?? 'basic').name} plan (${
        (purchase.status && SUBSCRIPTION_STATUS_LABELS[purchase.status as SubscriptionStatus]) ||
        'unknown'
      }) since ${formatDate(purchase.created_at)}`;

interface RefundFormOutput {
  subscription_id?: string;
  order_id?: string;
  reason: string;
  amount_requested: number | undefined;
}

/** The select's value: the kind and the id, so one control names a subscription or an order. */
const choiceOf = (purchase: RefundablePurchase) => `${purchase.kind}:${purchase.id}`;

/**
 * The form holds the chosen purchase as `kind:id` and the amount as typed; both become what the
 * shared schema takes before it checks them, and empty or unparsable text stays invalid so the
 * schema gives the product's text.
 */
const refundFormSchema = z
  .object({
    purchase: z.string(),
    reason: z.string(),
    amount_requested: z
      .string()
      .transform((text) => (text.trim() === '' ? undefined : Number(text))),
  })
  .transform(({ purchase, ...rest }): RefundFormOutput => {
    const [kind, ...idParts] = purchase.split(':');
    const id = idParts.join(':');
    return kind === 'order' ? { ...rest, order_id: id } : { ...rest, subscription_id: id };
  })
  .pipe(refundRequestInputSchema);

const EMPTY_REQUEST = { purchase: '', reason: '', amount_requested: '' };

interface PurchaseFieldProps {
  purchases: readonly RefundablePurchase[];
  error?: string;
  registration: UseFormRegisterReturn<'purchase'>;
}

/** The one select naming the purchase to refund, or a pointer to the plans when there is none. */
function PurchaseField({ purchases, error, registration }: PurchaseFieldProps) {
  return (
    <FormField
      label="Subscription or purchase"
      error={error}
      helperText={
        purchases.length === 0 ? (
          <>
            You have nothing to refund: no subscription or purchase with money left to ask back.{' '}
            <Link asChild colorPalette="purple">
              <RouterLink to={paths.pricing.getHref()}>See the plans</RouterLink>
            </Link>
          </>
        ) : undefined
      }
    >
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          <option value="">Select a subscription or purchase</option>
          {purchases.map((purchase) => (
            <option key={choiceOf(purchase)} value={choiceOf(purchase)}>
              {purchaseLabel(purchase)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

export function RefundRequestForm({ purchases, onSubmitted }: RefundRequestFormProps) {
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
  // The shared schema (and the API) name the purchase's field; this form has one select for both.
  const named = errors as Partial<Record<'subscription_id' | 'order_id', { message?: string }>>;
  const purchaseError = named.subscription_id?.message ?? named.order_id?.message;
  const chosen = purchases.find((purchase) => choiceOf(purchase) === form.watch('purchase'));

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
        <PurchaseField
          purchases={purchases}
          error={purchaseError}
          registration={form.register('purchase')}
        />
        <FormField label="Reason for Refund" error={errors.reason?.message}>
          <Textarea
            {...form.register('reason')}
            rows={5}
            maxLength={REFUND_REASON_MAX}
            placeholder="Please explain why you are requesting a refund"
          />
        </FormField>
        {/* The original form labelled the amount in dollars, but plans are charged in pounds and a refund
            goes back in the currency charged. */}
        <FormField
          label="Refund Amount (£)"
          error={errors.amount_requested?.message}
          helperText={
            chosen ? (
              <span data-testid="refund-max">{refundMaxMessage(formatGbp(chosen.max_amount))}</span>
            ) : undefined
          }
        >
          <Input
            {...form.register('amount_requested')}
            type="number"
            inputMode="decimal"
            step={REFUND_AMOUNT_STEP}
            min={REFUND_MIN_AMOUNT}
            max={chosen ? chosen.max_amount / 100 : undefined}
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
