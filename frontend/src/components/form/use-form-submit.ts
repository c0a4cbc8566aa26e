/**
 * Submitting a form, the same way on every page: clear what the last press showed, validate with
 * the schema, run the action, and turn a failure into the form's message. Busy and failure live
 * in react-hook-form's own state (`isSubmitting`, the `root` error), so no form keeps its own.
 */
import { useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export interface FormSubmitOptions<Output> {
  /** Runs with the schema's output once the fields are valid. */
  onValid: (values: Output) => Promise<void> | void;
  /** The form's message when `onValid` (or an action) throws: the API's, Cognito's or the spec's. */
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
