/**
 * An e-mail address that stays inside its card whatever its length: cut with an ellipsis on one
 * line, the whole address in the tooltip (`title`) and for screen readers; or, where the full
 * address must be read (a confirmation), broken anywhere onto the next line.
 */
import { Text, type TextProps } from '@chakra-ui/react';

export interface EmailTextProps extends Omit<TextProps, 'children'> {
  email: string;
  /** `truncate` (default): one line with an ellipsis; `wrap`: every character, over lines. */
  fit?: 'truncate' | 'wrap';
}

export function EmailText({ email, fit = 'truncate', ...rest }: EmailTextProps) {
  return fit === 'truncate' ? (
    <Text as="span" display="block" truncate minW="0" maxW="full" title={email} {...rest}>
      {email}
    </Text>
  ) : (
    <Text as="span" overflowWrap="anywhere" {...rest}>
      {email}
    </Text>
  );
}
