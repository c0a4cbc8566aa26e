/**
 * The way to the sign-in page from a page that needs an account: a link (in a sentence or an
 * alert) or a button, carrying where the person was so signing in brings them back.
 */
import type { ReactNode } from 'react';
import { Button, Link, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths';

/** The current page (path and query), or `from` when the way back is elsewhere. */
const useReturnPath = (from: string | undefined): string => {
  const location = useLocation();
  return from ?? `${location.pathname}${location.search}`;
};

export interface SignInLinkProps {
  /** Where signing in leads back to; the current page by default. */
  from?: string;
  /** The link's text; "Sign in" by default. */
  children?: ReactNode;
}

/** An inline "Sign in" link in the brand colour. */
export function SignInLink({ from, children = 'Sign in' }: SignInLinkProps) {
  const returnPath = useReturnPath(from);
  return (
    <Link asChild color="purple.fg" fontWeight="semibold">
      <RouterLink to={paths.auth.getHref()} state={{ from: returnPath }}>
        {children}
      </RouterLink>
    </Link>
  );
}

/** A "Sign In" button (a purple one unless `buttonProps` say otherwise). */
export function SignInButton({
  from,
  children = 'Sign In',
  ...buttonProps
}: SignInLinkProps & Omit<ButtonProps, 'children' | 'asChild'>) {
  const returnPath = useReturnPath(from);
  return (
    <Button asChild colorPalette="purple" {...buttonProps}>
      <RouterLink to={paths.auth.getHref()} state={{ from: returnPath }}>
        {children}
      </RouterLink>
    </Button>
  );
}
