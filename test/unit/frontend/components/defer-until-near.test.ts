// @vitest-environment jsdom
/**
 * A section drawn once near the screen or once the browser is idle (DeferUntilNear), in a browser
 * (jsdom) whose IntersectionObserver and requestIdleCallback the test plays: until either says so,
 * only the box holding the section's room is there; then the section, in place of the box, and it
 * stays. Without requestIdleCallback a short timer stands in; without IntersectionObserver the
 * section is drawn at once.
 */
import { act, createElement, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Imported by a path the type check does not follow (it does not compile TSX; the frontend's does). */
const COMPONENT = '../../../../frontend/src/components/defer-until-near.tsx';
const { DeferUntilNear, IDLE_TIMEOUT_MS, IDLE_FALLBACK_MS } = (await import(
  /* @vite-ignore */ COMPONENT
)) as {
  DeferUntilNear: ComponentType<{ minHeight: string; rootMargin?: string; children?: ReactNode }>;
  IDLE_TIMEOUT_MS: number;
  IDLE_FALLBACK_MS: number;
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The observers the component made, to report an intersection to them as the browser would. */
class FakeIntersectionObserver {
  static made: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The browser telling the observer whether its element is within the margin. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
}

/** The idle callbacks asked for, run when the test says the browser is idle. */
const idle = {
  callbacks: new Map<number, { run: IdleRequestCallback; options?: IdleRequestOptions }>(),
  next: 1,
  request(run: IdleRequestCallback, options?: IdleRequestOptions) {
    const handle = idle.next++;
    idle.callbacks.set(handle, { run, options });
    return handle;
  },
  cancel(handle: number) {
    idle.callbacks.delete(handle);
  },
  runAll() {
    const pending = [...idle.callbacks.values()];
    idle.callbacks.clear();
    for (const { run } of pending) run({ didTimeout: false, timeRemaining: () => 50 });
  },
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  FakeIntersectionObserver.made = [];
  idle.callbacks.clear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Draws a deferred section whose content is one paragraph. */
const renderSection = (props: { minHeight: string; rootMargin?: string } = { minHeight: '7rem' }) =>
  act(() =>
    root.render(
      createElement(
        DeferUntilNear,
        props,
        createElement('p', { 'data-testid': 'section' }, 'Reviews'),
      ),
    ),
  );

const section = () => container.querySelector('[data-testid="section"]');

describe('DeferUntilNear', () => {
  describe('with IntersectionObserver and requestIdleCallback', () => {
    beforeEach(() => {
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      vi.stubGlobal('requestIdleCallback', idle.request);
      vi.stubGlobal('cancelIdleCallback', idle.cancel);
    });

    it('holds the section’s room until the box comes near the screen, then draws it in place of the box', () => {
      renderSection({ minHeight: '17rem' });
      expect(section()).toBeNull();
      const box = container.firstElementChild as HTMLElement;
      expect(box.style.minHeight).toBe('17rem');
      expect(box.childElementCount).toBe(0);

      const [observer] = FakeIntersectionObserver.made;
      expect(observer?.observed).toEqual([box]);
      expect(observer?.options.rootMargin).toBe('600px');

      act(() => observer!.report(false));
      expect(section()).toBeNull();

      act(() => observer!.report(true));
      expect(section()?.textContent).toBe('Reviews');
      // The section itself, not a wrapper: the page's layout is as it was without deferring.
      expect(container.firstElementChild).toBe(section());
      expect(observer?.disconnected).toBe(true);
      // Drawn: no idle callback is left waiting.
      expect(idle.callbacks.size).toBe(0);
    });

    it('observes with the margin it is given', () => {
      renderSection({ minHeight: '10rem', rootMargin: '200px' });
      expect(FakeIntersectionObserver.made[0]?.options.rootMargin).toBe('200px');
    });

    it('draws the section once the browser is idle, for a visitor who never scrolls, and keeps it', () => {
      renderSection();
      expect(section()).toBeNull();
      expect([...idle.callbacks.values()].map(({ options }) => options?.timeout)).toEqual([
        IDLE_TIMEOUT_MS,
      ]);

      act(() => idle.runAll());
      expect(section()?.textContent).toBe('Reviews');
      expect(FakeIntersectionObserver.made.every((observer) => observer.disconnected)).toBe(true);

      // Scrolling away later does not take it down again.
      act(() => FakeIntersectionObserver.made[0]?.report(false));
      expect(section()?.textContent).toBe('Reviews');
    });

    it('asks for nothing more once unmounted before it was drawn', () => {
      renderSection();
      expect(idle.callbacks.size).toBe(1);
      act(() => root.unmount());
      expect(idle.callbacks.size).toBe(0);
      expect(FakeIntersectionObserver.made[0]?.disconnected).toBe(true);
      root = createRoot(container);
    });
  });

  it('without requestIdleCallback, draws the section after a short timer', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('requestIdleCallback', undefined);
    renderSection();
    act(() => vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1));
    expect(section()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(section()?.textContent).toBe('Reviews');
  });

  it('without IntersectionObserver, draws the section at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    vi.stubGlobal('requestIdleCallback', idle.request);
    vi.stubGlobal('cancelIdleCallback', idle.cancel);
    renderSection();
    expect(section()?.textContent).toBe('Reviews');
    expect(container.firstElementChild).toBe(section());
    expect(idle.callbacks.size).toBe(0);
  });
});
