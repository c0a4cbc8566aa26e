/** Turns a zod result into one message per field, the shape the forms render. */
import type * as z from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each field, or null when the values are valid. */
export function validateFields<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
