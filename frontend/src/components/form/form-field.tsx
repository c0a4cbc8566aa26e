/**
 * One field as every form shows it: the label, the control, a helper text, and the field's error
 * (the product's message) under it, which also marks the field invalid. Presentation only, without
 * react-hook-form, so a form that does not load the library (the launch overlay) uses it too; a
 * form passes `errors.<name>?.message`.
 */
import type { ReactNode } from 'react';
import { Box, Field, HStack, Text } from '@chakra-ui/react';

export interface FormFieldProps extends Omit<Field.RootProps, 'children' | 'label'> {
  label?: ReactNode;
  /** Beside the label, right-aligned (the sign-in form's "Forgot password?"). */
  labelAction?: ReactNode;
  labelProps?: Field.LabelProps;
  /** The required marker after the label. */
  markRequired?: boolean;
  /** The field's error; shown under the control. */
  error?: string;
  /** Always shown under the control (above the error). */
  helperText?: ReactNode;
  /** Shown under the control while the field is valid; its error takes its place. */
  hint?: ReactNode;
  children: ReactNode;
}

export function FormField({
  label,
  labelAction,
  labelProps,
  markRequired,
  error,
  helperText,
  hint,
  invalid,
  children,
  ...rootProps
}: FormFieldProps) {
  const fieldLabel =
    label === undefined ? null : (
      <Field.Label {...labelProps}>
        {label}
        {markRequired && <Field.RequiredIndicator />}
      </Field.Label>
    );
  return (
    <Field.Root invalid={invalid ?? Boolean(error)} {...rootProps}>
      {labelAction ? (
        <HStack justify="space-between" w="full">
          {fieldLabel}
          {labelAction}
        </HStack>
      ) : (
        fieldLabel
      )}
      {children}
      {helperText !== undefined && <Field.HelperText>{helperText}</Field.HelperText>}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        hint !== undefined && <Field.HelperText>{hint}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/**
 * A labelled group of controls (a set of checkboxes) with the group's error under it. Not a
 * Chakra Field on purpose: a Field hands its one control id to every control inside it, so each
 * checkbox's label would toggle the first checkbox.
 */
export function FieldGroup({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        {label}
      </Text>
      {children}
      {error && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}
