/**
 * "Enterprise plan…" in the Users tab: after a sales conversation, an admin puts the user on the
 * Enterprise plan with the downloads a month that were agreed (empty: unlimited), behind a
 * confirmation that says what happens. The change is audited by the API.
 */
import { useState } from 'react';
import { Button, Input, Text } from '@chakra-ui/react';
import type { AdminUser } from '@contract/admin-users';
import { ENTERPRISE_MESSAGES } from '@contract/billing';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form/form-field';
import { errorMessage } from '@/lib/api-error';
import { useAssignEnterprisePlan } from '../api/assign-enterprise-plan';
import { parseEnterpriseQuota } from '../lib/enterprise-quota';

export interface EnterprisePlanButtonProps {
  user: AdminUser;
  /** The outcome in words, for the tab's result banner. */
  onDone: (outcome: { status: 'success' | 'error'; title: string; description?: string }) => void;
}

export function EnterprisePlanButton({ user, onDone }: EnterprisePlanButtonProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignEnterprisePlan();

  const confirm = async () => {
    const downloads = parseEnterpriseQuota(typed);
    if (downloads === undefined) {
      setError(ENTERPRISE_MESSAGES.quotaInvalid);
      return;
    }
    try {
      await assign.mutateAsync({ id: user.id, downloads });
      setOpen(false);
      onDone({
        status: 'success',
        title: `${user.email} is on the Enterprise plan with ${
          downloads === null ? 'unlimited downloads' : `${downloads} downloads a month`
        }.`,
      });
    } catch (failure) {
      setOpen(false);
      onDone({
        status: 'error',
        title: 'The Enterprise plan could not be set up.',
        description: errorMessage(failure),
      });
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="outline"
        colorPalette="purple"
        onClick={() => {
          setTyped('');
          setError(null);
          setOpen(true);
        }}
        aria-label={`Enterprise plan for ${user.email}`}
      >
        Enterprise plan…
      </Button>
      <ConfirmDialog
        open={open}
        title="Put this user on the Enterprise plan?"
        confirmLabel="Set up Enterprise"
        busy={assign.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        testId="enterprise-plan-dialog"
      >
        <Text>
          {user.email} gets the Enterprise plan now, with the downloads a month agreed with sales,
          starting again each month. If they already have it, their quota changes.
        </Text>
        <FormField
          label="Downloads a month"
          hint="Leave empty for unlimited downloads."
          error={error ?? undefined}
        >
          <Input
            inputMode="numeric"
            value={typed}
            placeholder="Unlimited"
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </FormField>
      </ConfirmDialog>
    </>
  );
}
