import { useState } from 'react';
import { Button, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_DETAILS_MIN,
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  DISPUTE_REVIEW_DAYS,
  disputeInputSchema,
  type Dispute,
} from '@contract/disputes';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { requestFailure } from '@/components/request-page';
import { paths } from '@/config/paths';
import { useCreateDispute } from '../api/create-dispute';

export interface DisputableTemplate {
  id: string;
  title: string;
}

export interface DisputeFormProps {
  /** Templates the buyer downloaded: the only ones a dispute may name. */
  templates: readonly DisputableTemplate[];
  /** From `/dispute/{mvpId}`: preselected when the buyer downloaded it. */
  initialMvpId?: string;
}

interface TemplateFieldProps {
  templates: readonly DisputableTemplate[];
  selected?: DisputableTemplate;
  error?: string;
  registration: UseFormRegisterReturn<'mvp_id'>;
}

/** The select naming the downloaded template in dispute, or a pointer to the catalog when there is none. */
function TemplateField({ templates, selected, error, registration }: TemplateFieldProps) {
  return (
    <FormField
      label="MVP"
      error={error}
      helperText={
        <>
          {selected ? `Selected: ${selected.title}` : DISPUTE_MESSAGES.noMvpSelected}
          {templates.length === 0 && (
            <>
              {' '}
              You have not downloaded any MVPs yet.{' '}
              <Link asChild colorPalette="purple">
                <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
              </Link>
            </>
          )}
        </>
      }
    >
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          <option value="">Select an MVP you downloaded</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

interface ReasonFieldProps {
  error?: string;
  registration: UseFormRegisterReturn<'reason'>;
}

/** The select of the reasons a dispute may give. */
function ReasonField({ error, registration }: ReasonFieldProps) {
  return (
    <FormField label="Reason" error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          <option value="">Select a reason</option>
          {DISPUTE_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

export function DisputeForm({ templates, initialMvpId }: DisputeFormProps) {
  const preselectable = templates.some((template) => template.id === initialMvpId);
  const [created, setCreated] = useState<Dispute>();
  const createDispute = useCreateDispute();
  const form = useZodForm(disputeInputSchema, {
    mvp_id: preselectable && initialMvpId ? initialMvpId : '',
    reason: '',
    details: '',
  });
  const submit = useFormSubmit(form, {
    onStart: () => setCreated(undefined),
    onValid: async (input) => {
      setCreated(await createDispute.mutateAsync(input));
      // The template stays chosen: a second dispute about it starts from here.
      form.reset({ mvp_id: form.getValues('mvp_id'), reason: '', details: '' });
    },
    failureMessage: (error) => requestFailure(form, error, DISPUTE_MESSAGES),
  });
  const { errors } = form.formState;
  const selected = templates.find((template) => template.id === form.watch('mvp_id'));

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="New dispute">
      <Stack gap="5">
        {created && (
          <FormAlert
            status="success"
            title={DISPUTE_MESSAGES.submitted}
            description={
              <Link asChild colorPalette="purple">
                <RouterLink to={paths.disputeDetail.getHref(created.id)}>View dispute</RouterLink>
              </Link>
            }
            data-testid="dispute-success"
          />
        )}
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="dispute-error" />
        )}
        {initialMvpId && !preselectable && (
          <FormAlert status="info" title={DISPUTE_MESSAGES.notDownloaded} />
        )}
        <TemplateField
          templates={templates}
          selected={selected}
          error={errors.mvp_id?.message}
          registration={form.register('mvp_id')}
        />
        <ReasonField error={errors.reason?.message} registration={form.register('reason')} />
        <FormField
          label="Details"
          error={errors.details?.message}
          helperText={`At least ${DISPUTE_DETAILS_MIN} characters (${form.watch('details').trim().length} so far).`}
        >
          <Textarea
            {...form.register('details')}
            rows={6}
            maxLength={DISPUTE_DETAILS_MAX}
            placeholder="Describe the issue: what you expected, what happened, and how to reproduce it"
          />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          Disputes are reviewed within {DISPUTE_REVIEW_DAYS}.
        </Text>
        <Button type="submit" colorPalette="purple" loading={submit.busy} alignSelf="start">
          Submit Dispute
        </Button>
      </Stack>
    </form>
  );
}
