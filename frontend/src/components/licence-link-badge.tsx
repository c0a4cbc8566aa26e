/**
 * A price or licence badge that opens the licences comparison (`/licenses`), so
 * whoever wonders what "Included in subscription" or "Premium commercial" allows is one click
 * from the answer. Inside a clickable card it stops the click from also opening the card.
 */
import type { ComponentProps, MouseEvent } from 'react';
import { Badge } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';

type BadgeProps = Omit<ComponentProps<typeof Badge>, 'asChild' | 'children'>;

export function LicenseLinkBadge({
  children,
  label,
  ...badge
}: BadgeProps & { children: string; label?: string }) {
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Badge asChild {...badge}>
      <RouterLink
        to={paths.licenses.getHref()}
        onClick={stop}
        aria-label={label ?? `${children}: what the licences allow`}
        title="What the licences allow"
      >
        {children}
      </RouterLink>
    </Badge>
  );
}
