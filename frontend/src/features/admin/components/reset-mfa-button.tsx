/**
 * "Reset authenticator app…" in the Users tab: the documented path for a user who lost the phone
 * with their authenticator app (docs/account.md). After checking who is asking, the admin gives
 * the reason (kept in the audit log); the app is turned off and the user is told.
 */
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import type { AdminUser } from '@contract/admin-users';
import { MFA_RESET_REASON_MAX, mfaResetSchema } from '@contract/mfa-reset';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { ReasonDialog, ReasonForm } from './reason-dialog';

type Outcome = { status: 'success' | 'error'; title: string; description?: string };

export interface ResetMfaButtonProps {
  user: AdminUser;
  /** The outcome in words, for the tab's result banner. */
  onDone: (outcome: Outcome) => void;
}

/** The Users table's sign-in cell: the reset for an open account, nothing for a closed one. */
export const resetMfaAction = (onDone: ResetMfaButtonProps['onDone']) => (user: AdminUser) =>
  user.closed_at ? null : <ResetMfaButton user={user} onDone={onDone} />;

export function ResetMfaButton({ user, onDone }: ResetMfaButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        Reset authenticator app
      </Button>
      <ReasonDialog
        role="alertdialog"
        open={open}
        onClose={() => setOpen(false)}
        testId="reset-mfa-dialog"
      >
        {open && (
          <ResetForm
            user={user}
            onClose={() => setOpen(false)}
            onReset={(message) => {
              setOpen(false);
              onDone({ status: 'success', title: message });
            }}
          />
        )}
      </ReasonDialog>
    </>
  );
}

function ResetForm(props: {
  user: AdminUser;
  onClose: () => void;
  onReset: (message: string) => void;
}) {
  const reset = useResetUserMfa();
  const form = useZodForm(mfaResetSchema, { reason: '' });
  const submit = useFormSubmit(form, {
    onValid: async ({ reason }) => {
      const done = await reset.mutateAsync({ id: props.user.id, reason });
      props.onReset(done.message);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  return (
    <ReasonForm
      ariaLabel="Reset authenticator app"
      title={<>Turn off {props.user.email}&apos;s authenticator app?</>}
      notice="Only when the account holder lost it and you have checked it is them asking (a reply from the account's e-mail, a recent order). Their sign-ins ask for the password only until they set up a new app; they are told by e-mail and notification."
      helperText={`Who asked and how you checked it, for the audit log. At most ${MFA_RESET_REASON_MAX} characters.`}
      reason={form.register('reason')}
      error={form.formState.errors.reason?.message}
      failure={submit.failure}
      busy={submit.busy}
      onSubmit={submit.onSubmit}
      onClose={props.onClose}
      submitLabel="Turn off"
    />
  );
}
