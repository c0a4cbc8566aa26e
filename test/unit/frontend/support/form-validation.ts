/**
 * What a form of the app shows for some values: the schema run through react-hook-form's zod
 * resolver exactly as `useZodForm` runs it, reduced to the first message per field (by its
 * dotted path). Tests of the spec's messages go through it, so they test what people see.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type * as z from 'zod';

export type FormOutcome<Output> =
  { ok: true; data: Output } | { ok: false; errors: Record<string, string> };

const flatten = (errors: FieldErrors, prefix = ''): Record<string, string> => {
  const messages: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object' || name === 'ref') continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if ('message' in error && typeof error.message === 'string') messages[path] = error.message;
    else Object.assign(messages, flatten(error as FieldErrors, path));
  }
  return messages;
};

/** The resolver's own answer: `errors` as react-hook-form holds them (nested). */
export const resolveForm = <Output>(schema: z.ZodType<Output, FieldValues>, values: FieldValues) =>
  zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
    criteriaMode: 'firstError',
  });

export async function validateForm<Output>(
  schema: z.ZodType<Output, FieldValues>,
  values: FieldValues,
): Promise<FormOutcome<Output>> {
  const result = await resolveForm(schema, values);
  return Object.keys(result.errors).length === 0
    ? { ok: true, data: result.values as Output }
    : { ok: false, errors: flatten(result.errors) };
}

/** The messages of an outcome, `{}` when valid. */
export const errorsOf = (outcome: FormOutcome<unknown>) => (outcome.ok ? {} : outcome.errors);
