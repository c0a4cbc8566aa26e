/**
 * Whether an element has come near the screen: true once it is within `margin` of the viewport
 * (and from then on), so a section far down a page can wait with its requests and code until the
 * visitor scrolls towards it. Where the browser has no IntersectionObserver, at once.
 */
import { useCallback, useEffect, useState } from 'react';

export function useNearViewport<T extends Element>(
  margin = '600px',
): [ref: (element: T | null) => void, near: boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, near];
}
