import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input, RadioCard, Stack } from '@chakra-ui/react';
import { LuShoppingBag, LuStore } from 'react-icons/lu';
import type { Role } from '@contracts/profile';
import { describeAuthError } from '../../../lib/auth-errors';
import { validateFields } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { signUpSchema, signUpWithRole } from '../api/sign-up';
import { FormAlert } from './form-alert';

const ROLE_CHOICES = [
  {
    value: 'buyer',
    label: 'Buyer',
    description: 'Browse and download templates',
    icon: LuShoppingBag,
  },
  {
    value: 'seller',
    label: 'Seller',
    description: 'Publish and sell your templates',
    icon: LuStore,
  },
] as const;

export interface SignUpFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onStart: () => void;
  onSignedUp: (email: string, password: string, needsConfirmation: boolean) => void;
}

export function SignUpForm({ email, onEmailChange, onStart, onSignedUp }: SignUpFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [role, setRole] = useState<Extract<Role, 'buyer' | 'seller'>>('buyer');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const checked = validateFields(signUpSchema, { email, password, confirmPassword, role });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onStart();
    setBusy(true);
    try {
      const { needsConfirmation } = await signUpWithRole(checked.data);
      onSignedUp(checked.data.email, password, needsConfirmation);
    } catch (error) {
      const failure = describeAuthError(error);
      setFormError(failure.kind === 'message' ? failure.message : 'An error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="4">
        {formError && <FormAlert status="error" message={formError} />}
        <RadioCard.Root
          value={role}
          onValueChange={(details) => {
            if (details.value === 'buyer' || details.value === 'seller') setRole(details.value);
          }}
          colorPalette="purple"
          size="sm"
        >
          <RadioCard.Label>I want to join as</RadioCard.Label>
          <Stack direction="row" gap="3" align="stretch">
            {ROLE_CHOICES.map((choice) => (
              <RadioCard.Item key={choice.value} value={choice.value} flex="1">
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <choice.icon />
                    <RadioCard.ItemText>{choice.label}</RadioCard.ItemText>
                    <RadioCard.ItemDescription>{choice.description}</RadioCard.ItemDescription>
                  </RadioCard.ItemContent>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </Stack>
        </RadioCard.Root>
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {errors.password ? (
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          ) : (
            <Field.HelperText>At least 6 characters.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)}>
          <Field.Label>Confirm Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          <Field.ErrorText>{errors.confirmPassword}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="purple" size="lg" loading={busy}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
