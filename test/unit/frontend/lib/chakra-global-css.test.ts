/**
 * The global CSS Chakra would inject for our theme (the cascade layers' order, the reset, the
 * global styles, every token's variable in both colour modes) is served as a stylesheet instead,
 * `frontend/src/app/chakra-global.css` (see getShellSystem in frontend/src/lib/chakra-theme.ts).
 * This test renders Chakra's provider on the server, which writes exactly those styles, and holds
 * the file to them: a change of theme or of Chakra that the file misses fails here, and
 * `npx vitest run --project unit chakra-global-css -u` writes the file again.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChakraProvider, createSystem } from '@chakra-ui/react';
import {
  getShellSystem,
  shellRecipes,
  themeConfig,
} from '../../../../frontend/src/lib/chakra-theme';

const HEADER =
  '/* Made by test/unit/frontend/lib/chakra-global-css.test.ts from frontend/src/lib/chakra-theme.ts;\n' +
  ' * do not edit: `npx vitest run --project unit chakra-global-css -u` writes it again. */\n';

/** The contents of the `<style>` elements Chakra's provider renders on the server, in order. */
const globalCssOf = (system: ReturnType<typeof createSystem>): string[] =>
  [
    ...renderToString(createElement(ChakraProvider, { value: system, children: null })).matchAll(
      /<style data-emotion="[^"]*">([^<]*)<\/style>/g,
    ),
  ].map((match) => match[1]!);

describe("the theme's global CSS", () => {
  it('is the stylesheet index.html links, as Chakra would inject it', async () => {
    const rules = globalCssOf(createSystem(themeConfig, shellRecipes));
    expect(rules[0]).toMatch(/^@layer reset,base,tokens,recipes;$/);
    expect(rules.join('')).toContain('--chakra-colors-purple-600');
    await expect(`${HEADER}${rules.join('\n')}\n`).toMatchFileSnapshot(
      '../../../../frontend/src/app/chakra-global.css',
    );
  });

  it('is not injected at run time: the shell system renders the layers order only', () => {
    expect(globalCssOf(getShellSystem()).filter(Boolean)).toEqual([
      '@layer reset,base,tokens,recipes;',
    ]);
  });
});
