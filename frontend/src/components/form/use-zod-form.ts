/**
 * The form library, set up once: react-hook-form, validated by the shared zod schema through
 * `zodResolver`, so a form shows exactly the messages the API would answer with (the product's).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod';

/**
 * A form over `schema`. `Values` is what the fields hold while people type (text, '' for nothing
 * chosen yet), which may be looser than the schema's input; the schema decides, and the submit
 * handler receives its output (trimmed, converted). Two settings keep forms behaving as they
 * always have here:
 * - validation runs on submit, and again only on submit (`reValidateMode`): messages appear and
 *   go away when the person presses the button, never while they type;
 * - no jump to the first invalid field: each form says in place (and most also at the top) what
 *   is wrong.
 */
export function useZodForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
  /** Every field's starting value (which also types the form). */
  defaultValues: Values,
) {
  return useForm<Values, unknown, Output>({
    // The resolver is typed by the schema's input; the form's values are checked by the same
    // schema at run time, which is the point.
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, Output>,
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}
