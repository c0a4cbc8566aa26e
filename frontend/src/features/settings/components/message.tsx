import { FormAlert } from '@/components/form/form-alert';

/** A tab's outcome line: saved, or why not. */
export function Message({ status, text }: { status: 'success' | 'error' | 'info'; text: string }) {
  return <FormAlert status={status} title={text} data-testid={`settings-${status}`} />;
}
