import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Field, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import {
  DISPUTE_DETAILS_MAX,
  DISPUTE_DETAILS_MIN,
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  DISPUTE_REVIEW_DAYS,
  type Dispute,
} from '@contracts/disputes';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { validateFields, type FieldErrors } from '../../../lib/form-errors';
import { disputeInputSchema, useCreateDispute } from '../api/create-dispute';

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

export function DisputeForm({ templates, initialMvpId }: DisputeFormProps) {
  const preselectable = templates.some((template) => template.id === initialMvpId);
  const [mvpId, setMvpId] = useState(preselectable && initialMvpId ? initialMvpId : '');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [created, setCreated] = useState<Dispute>();
  const mutation = useCreateDispute();
  const selected = templates.find((template) => template.id === mvpId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setCreated(undefined);
    const checked = validateFields(disputeInputSchema, { mvp_id: mvpId, reason, details });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      const dispute = await mutation.mutateAsync(checked.data);
      setCreated(dispute);
      setReason('');
      setDetails('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        return setFailure(DISPUTE_MESSAGES.signedOut);
      }
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      const detail = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : '';
      setFailure(`${DISPUTE_MESSAGES.submitFailed}${detail}`);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New dispute">
      <Stack gap="5">
        {created && (
          <Alert.Root status="success" data-testid="dispute-success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{DISPUTE_MESSAGES.submitted}</Alert.Title>
              <Alert.Description>
                <Link asChild colorPalette="purple">
                  <RouterLink to={paths.disputeDetail.getHref(created.id)}>View dispute</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="dispute-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        {initialMvpId && !preselectable && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{DISPUTE_MESSAGES.notDownloaded}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.mvp_id)}>
          <Field.Label>MVP</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={mvpId} onChange={(event) => setMvpId(event.target.value)}>
              <option value="">Select an MVP you downloaded</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>
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
          </Field.HelperText>
          <Field.ErrorText>{errors.mvp_id}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.reason)}>
          <Field.Label>Reason</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Select a reason</option>
              {DISPUTE_REASONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.reason}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.details)}>
          <Field.Label>Details</Field.Label>
          <Textarea
            value={details}
            rows={6}
            maxLength={DISPUTE_DETAILS_MAX}
            placeholder="Describe the issue: what you expected, what happened, and how to reproduce it"
            onChange={(event) => setDetails(event.target.value)}
          />
          <Field.HelperText>
            At least {DISPUTE_DETAILS_MIN} characters ({details.trim().length} so far).
          </Field.HelperText>
          <Field.ErrorText>{errors.details}</Field.ErrorText>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          Disputes are reviewed within {DISPUTE_REVIEW_DAYS}.
        </Text>
        <Button type="submit" colorPalette="purple" loading={mutation.isPending} alignSelf="start">
          Submit Dispute
        </Button>
      </Stack>
    </form>
  );
}
