import { Button, Input, RadioCard, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { LuShoppingBag, LuStore } from 'react-icons/lu';
import type { SIGN_UP_ROLES } from '@contract/profile';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { authErrorMessage } from '@/lib/auth-errors';
import { passwordHint } from '@/lib/credential-fields';
import { signUp } from '@/lib/sign-up-flow';
import { signUpSchema } from '../api/sign-up';

type SignUpRole = (typeof SIGN_UP_ROLES)[number];

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
  /** Shared with the sign-in tab, so switching tabs keeps what was typed. */
  email: string;
  onEmailChange: (email: string) => void;
  onStart: () => void;
  onSignedUp: (
    email: string,
    password: string,
    needsConfirmation: boolean,
    role: SignUpRole,
  ) => void;
}

export function SignUpForm({ email, onEmailChange, onStart, onSignedUp }: SignUpFormProps) {
  const form = useZodForm(signUpSchema, {
    email,
    password: '',
    confirmPassword: '',
    role: 'buyer' as SignUpRole,
  });
  const submit = useFormSubmit(form, {
    onValid: async ({ email: address, password, role }) => {
      onStart();
      const { needsConfirmation } = await signUp({ email: address, password }, role);
      onSignedUp(address, password, needsConfirmation, role);
    },
    failureMessage: (error) => authErrorMessage(error),
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Sign up">
      <Stack gap="4">
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="auth-error" />
        )}
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RadioCard.Root
              value={field.value}
              onValueChange={(details) => {
                if (details.value === 'buyer' || details.value === 'seller') {
                  field.onChange(details.value);
                }
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
          )}
        />
        <FormField label="Email" error={errors.email?.message}>
          <Input
            {...form.register('email', { onChange: (event) => onEmailChange(event.target.value) })}
            type="email"
            autoComplete="email"
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={passwordHint()}>
          <Input {...form.register('password')} type="password" autoComplete="new-password" />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            {...form.register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <Button type="submit" colorPalette="purple" size="lg" loading={submit.busy}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
