// @vitest-environment jsdom
/**
 * A page whose data failed to load, as a browser renders it (jsdom, the app's query defaults, the
 * shared QueryError): the API's answer is shown at once, without asking again by itself, in the
 * API's own words, and Try again asks once more and shows the page; a request that got no answer
 * is tried once more by itself, then said in words.
 */
import { createElement, type ComponentType } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChakraProvider, createSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError, UNREACHABLE_ERROR } from '../../../../frontend/src/lib/api-error';
import { queryDefaults } from '../../../../frontend/src/lib/query-retry';
import { shellRecipes, themeConfig } from '../../../../frontend/src/lib/chakra-theme';

/** Imported by a path the type check does not follow (it does not compile TSX; the frontend's does). */
const COMPONENT = '../../../../frontend/src/components/query-error.tsx';
const { QueryError, TRY_AGAIN_LABEL } = (await import(/* @vite-ignore */ COMPONENT)) as {
  QueryError: ComponentType<{
    error: unknown;
    onRetry: () => unknown;
    retrying?: boolean;
    title?: string;
  }>;
  TRY_AGAIN_LABEL: string;
};

// The page updates as its queries settle; the test waits for what it shows, not for React's acts.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const UNAVAILABLE = 'Our database is not answering right now. Please try again in a minute.';
const system = createSystem(themeConfig, shellRecipes);

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** A page of one query, failing as the given answers say, with the app's defaults. */
const renderPage = (answers: (() => Promise<string>)[]) => {
  const calls = { count: 0 };
  const client = new QueryClient({ defaultOptions: { queries: queryDefaults } });
  function Page() {
    const query = useQuery({
      queryKey: ['page'],
      queryFn: () => answers[Math.min(calls.count++, answers.length - 1)]!(),
    });
    if (query.error) {
      return createElement(QueryError, {
        error: query.error,
        onRetry: query.refetch,
        retrying: query.isFetching,
      });
    }
    return createElement('p', null, query.data ?? 'Loading');
  }
  act(() => {
    root.render(
      createElement(ChakraProvider, {
        value: system,
        children: createElement(QueryClientProvider, { client, children: createElement(Page) }),
      }),
    );
  });
  return calls;
};

const text = () => container.textContent ?? '';

const tryAgainButton = () =>
  [...container.querySelectorAll('button')].find((button) =>
    button.textContent?.includes(TRY_AGAIN_LABEL),
  );

describe('a page whose data fails to load', () => {
  it("shows the API's answer at once, without asking again, and Try again loads the page", async () => {
    const calls = renderPage([
      () => Promise.reject(new ApiError(UNAVAILABLE, 503)),
      () => Promise.resolve('The template page'),
    ]);
    await expect.poll(text).toContain(UNAVAILABLE);
    expect(calls.count).toBe(1);
    expect(tryAgainButton()).toBeDefined();

    await act(async () => tryAgainButton()!.click());
    await expect.poll(text).toContain('The template page');
    expect(calls.count).toBe(2);
    expect(tryAgainButton()).toBeUndefined();
  });

  it('asks once more by itself when no answer came back, then says so in words', async () => {
    const calls = renderPage([() => Promise.reject(new NetworkError())]);
    await expect.poll(text, { timeout: 5_000 }).toContain(UNREACHABLE_ERROR);
    expect(calls.count).toBe(2);
    expect(tryAgainButton()).toBeDefined();
  });

  it("puts a page's own heading for the failure above the API's words, never in their place", async () => {
    let asked = 0;
    act(() => {
      root.render(
        createElement(ChakraProvider, {
          value: system,
          children: createElement(QueryError, {
            error: new ApiError(UNAVAILABLE, 503),
            onRetry: () => (asked += 1),
            title: 'Failed to load users. Please try again.',
          }),
        }),
      );
    });
    await expect.poll(text).toContain('Failed to load users. Please try again.');
    expect(text()).toContain(UNAVAILABLE);
    await act(async () => tryAgainButton()!.click());
    expect(asked).toBe(1);
  });
});
