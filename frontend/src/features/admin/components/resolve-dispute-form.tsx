/**
 * Resolving a dispute in review: one of the three final statuses and non-blank details, checked
 * by the API's own schema (its messages, word for word).
 */
import { Button, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { DISPUTE_RESOLUTIONS, disputeResolutionInputSchema } from '@contract/admin-disputes';
import type { Dispute } from '@contract/disputes';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useResolveDispute } from '../api/resolve-dispute';
import { RESOLUTION_LABELS } from '../lib/dispute-queue';

export interface ResolveDisputeFormProps {
  dispute: Dispute;
  onResolved: (dispute: Dispute) => void;
}

export function ResolveDisputeForm({ dispute, onResolved }: ResolveDisputeFormProps) {
  const resolve = useResolveDispute();
  const form = useZodForm(disputeResolutionInputSchema, {
    status: '',
    resolution_details: '',
  });
  const submit = useFormSubmit(form, {
    onValid: async (input) => onResolved(await resolve.mutateAsync({ id: dispute.id, ...input })),
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Resolve dispute">
      <Stack gap="3" borderTopWidth="1px" pt="3">
        {submit.failure && (
          <FormAlert status="error" size="sm" title={submit.failure} data-testid="resolve-error" />
        )}
        <FormField label="Resolution" error={errors.status?.message}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...form.register('status')}>
              <option value="">Choose a resolution</option>
              {DISPUTE_RESOLUTIONS.map((option) => (
                <option key={option} value={option}>
                  {RESOLUTION_LABELS[option]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Resolution details" error={errors.resolution_details?.message}>
          <Textarea {...form.register('resolution_details')} size="sm" rows={3} />
        </FormField>
        <Button
          type="submit"
          size="sm"
          colorPalette="purple"
          alignSelf="flex-end"
          loading={submit.busy}
        >
          Resolve
        </Button>
      </Stack>
    </form>
  );
}
