/** Reading react-hook-form's errors the way our forms show them. */
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-error';

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
