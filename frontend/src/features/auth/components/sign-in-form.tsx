import { useState } from 'react';
import { Button, Input, Stack } from '@chakra-ui/react';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { authErrorMessage, describeAuthError } from '@/lib/auth-errors';
import { signInWithPassword } from '@/lib/sign-up-flow';
import { requestPasswordReset, requestResetSchema } from '../api/reset-password';
import { signInSchema } from '../api/sign-in';
import { TotpCodeForm } from './totp-code-form';

export interface SignInFormProps {
  /** Shared with the sign-up tab, so switching tabs keeps what was typed. */
  email: string;
  onEmailChange: (email: string) => void;
  notice?: string;
  onStart: () => void;
  onSignedIn: () => void;
  onNeedsConfirmation: (email: string, password: string) => void;
  onResetRequested: (email: string) => void;
}

/** The password form, then (for an account with an authenticator app) the code form. */
export function SignInForm(props: SignInFormProps) {
  const [askTotp, setAskTotp] = useState(false);
  if (askTotp) {
    return <TotpCodeForm onSignedIn={props.onSignedIn} onStartAgain={() => setAskTotp(false)} />;
  }
  return <PasswordForm {...props} onTotpAsked={() => setAskTotp(true)} />;
}

function PasswordForm({
  email,
  onEmailChange,
  notice,
  onStart,
  onSignedIn,
  onNeedsConfirmation,
  onResetRequested,
  onTotpAsked,
}: SignInFormProps & { onTotpAsked: () => void }) {
  const form = useZodForm(signInSchema, { email, password: '' });
  const submit = useFormSubmit(form, {
    onValid: async (credentials) => {
      onStart();
      const confirmFirst = () => onNeedsConfirmation(credentials.email, credentials.password);
      let outcome;
      try {
        outcome = await signInWithPassword(credentials);
      } catch (error) {
        if (describeAuthError(error, 'signIn').kind === 'unconfirmed') return confirmFirst();
        throw error;
      }
      if (outcome === 'confirmSignUp') confirmFirst();
      else if (outcome === 'confirmTotp') onTotpAsked();
      else onSignedIn();
    },
    failureMessage: (error) => authErrorMessage(error, 'signIn'),
  });

  const forgotPassword = forgotPasswordAction(form, submit, onStart, onResetRequested);

  const { errors } = form.formState;
  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Sign in">
      <Stack gap="4">
        {notice && <FormAlert status="success" title={notice} data-testid="auth-info" />}
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="auth-error" />
        )}
        <FormField label="Email" error={errors.email?.message}>
          <Input
            {...form.register('email', { onChange: (event) => onEmailChange(event.target.value) })}
            type="email"
            autoComplete="email"
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAction={
            <Button
              variant="plain"
              size="xs"
              colorPalette="purple"
              px="0"
              h="auto"
              onClick={forgotPassword}
              loading={submit.running === 'reset'}
            >
              Forgot password?
            </Button>
          }
        >
          <Input {...form.register('password')} type="password" autoComplete="current-password" />
        </FormField>
        <Button type="submit" colorPalette="purple" size="lg" loading={submit.busy}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

/** The link asks for the e-mail first, in the form's message (the product's own reminder). */
const forgotPasswordAction =
  (
    form: {
      clearErrors: (name?: 'root') => void;
      getValues: (name: 'email') => string;
    },
    submit: {
      fail: (message: string) => void;
      runAction: (name: string, action: () => Promise<void>) => Promise<void>;
    },
    onStart: () => void,
    onResetRequested: (email: string) => void,
  ) =>
  () => {
    form.clearErrors('root');
    const checked = requestResetSchema.safeParse({ email: form.getValues('email') });
    if (!checked.success) {
      form.clearErrors();
      return submit.fail(checked.error.issues[0]!.message);
    }
    return submit.runAction('reset', async () => {
      onStart();
      await requestPasswordReset(checked.data.email);
      onResetRequested(checked.data.email);
    });
  };
