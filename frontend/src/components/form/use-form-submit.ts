/**
 * Submitting a form, the same way on every page: clear what the last press showed, validate with
 * the schema, run the action, and turn a failure into the form's message. Busy and failure live
 * in react-hook-form's own state (`isSubmitting`, the `root` error), so no form keeps its own.
 */
import { useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';

export interface FormSubmitOptions<Output> {
  /** Runs with the schema's output once the fields are valid. */
  onValid: (values: Output) => Promise<void> | void;
  /** The form's message when `onValid` (or an action) throws: the API's, Cognito's or the product's. */
  failureMessage: (error: unknown) => string;
  /** Runs on every press, before validation: clears a success note of the last press. */
  onStart?: () => void;
}

export interface FormSubmit {
  /** For `<form onSubmit>`. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** True from the press until the action settles. */
  busy: boolean;
  /** The failure message of the last press, if it failed. */
  failure: string | undefined;
  /**
   * Runs a second action of the form (Resend code, Forgot password?) with the same failure
   * handling; `running` names it while it runs.
   */
  runAction: (name: string, action: () => Promise<void>) => Promise<void>;
  running: string | undefined;
  /** Shows a message as the form's failure (a check outside the schema). */
  fail: (message: string) => void;
}

export function useFormSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  { onValid, failureMessage, onStart }: FormSubmitOptions<Output>,
): FormSubmit {
  const [running, setRunning] = useState<string>();
  const fail = (message: string) => form.setError('root', { message });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onValid(values);
    } catch (error) {
      fail(failureMessage(error));
    }
  });
  return {
    onSubmit: (event) => {
      onStart?.();
      return submit(event);
    },
    busy: form.formState.isSubmitting,
    failure: form.formState.errors.root?.message,
    runAction: async (name, action) => {
      form.clearErrors('root');
      setRunning(name);
      try {
        await action();
      } catch (error) {
        fail(failureMessage(error));
      } finally {
        setRunning(undefined);
      }
    },
    running,
    fail,
  };
}

// Reading react-hook-form's errors the way our forms show them.

/**
 * The first message in `errors`: in `order` when given (the order the fields appear on screen),
 * else in the schema's order. Nested errors count (a feature row's `features.3`).
 */
export function firstErrorMessage(
  errors: FieldErrors | undefined,
  order?: readonly string[],
): string | undefined {
  if (!errors) return undefined;
  const names = order ? [...order, ...Object.keys(errors)] : Object.keys(errors);
  for (const name of names) {
    // `root` is the form's own failure; `ref` and `type` belong to an error, not to a field.
    if (name === 'root' || name === 'ref' || name === 'type' || name === 'types') continue;
    const error: unknown = errors[name];
    if (typeof error !== 'object' || error === null) continue;
    if ('message' in error && typeof error.message === 'string') return error.message;
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

/** Puts the API's field errors (`{ fields }` of a 400) on the form's fields. */
export function setServerFieldErrors<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  error: unknown,
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    form.setError(name as Path<Values>, { message });
  }
}
