/**
 * A section far down a page, drawn once the visitor scrolls near it or the browser is idle,
 * whichever comes first. On a phone the template page's first render paid for every section
 * (Chakra resolving and Emotion inserting the styles of each element) in the commit after the
 * first paint; each deferred section is now a small commit of its own, in time the page has
 * spare (docs/architecture.md, Mobile performance). The idle fallback draws it for a visitor who
 * never scrolls, and for a reader who jumps by headings or searches the page.
 *
 * Until then an empty box holds the section's room, so nothing below it moves; once shown the
 * children replace it as they are (no wrapper element) and stay. Without IntersectionObserver
 * (an old browser) the children render at once.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

/** At the latest, how long after the page's render a section is drawn on a page that stays busy. */
export const IDLE_TIMEOUT_MS = 3000;

/** Where the browser has no requestIdleCallback (Safari): a short wait after the page's render. */
export const IDLE_FALLBACK_MS = 200;

export interface DeferUntilNearProps {
  /** The room the section takes before it is drawn (a CSS length): its skeleton's height. */
  minHeight: string;
  /** How near the viewport counts as near (IntersectionObserver's rootMargin). */
  rootMargin?: string;
  children: ReactNode;
}

/** Calls `callback` once the browser is idle; returns a function that cancels it. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, IDLE_FALLBACK_MS);
  return () => clearTimeout(handle);
}

export function DeferUntilNear({ minHeight, rootMargin = '600px', children }: DeferUntilNearProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>(rootMargin);
  const [idle, setIdle] = useState(false);
  const shown = near || idle;
  useEffect(() => {
    if (shown) return;
    // A transition, so React renders the section in slices and a tap or a keystroke comes first.
    return whenIdle(() => startTransition(() => setIdle(true)));
  }, [shown]);
  if (shown) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
