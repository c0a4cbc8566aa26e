import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own bordered box when it is wider than the screen.
 * The box is a named region the keyboard can focus, so it can be scrolled without a mouse
 * (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function TableScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollArea>
  );
}
