/**
 * `frontend/src/components/layout/recipes.module.css` copies Chakra's recipes for the elements the
 * shell and the home page draw as plain elements (docs/performance.md, "Static styles"). This test
 * renders each Chakra component on the server, which writes the CSS Chakra would insert for it,
 * and holds the module's class to the same declarations, in the same cascade layer and media
 * query: a change of theme or of Chakra that the copy misses fails here. (Vendor-prefixed
 * declarations, which Emotion adds and the browser ignores, are left out of the comparison.)
 */
import { readFileSync } from 'node:fs';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import postcss, { type ChildNode, type Container } from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  Card,
  ChakraProvider,
  Container as ChakraContainer,
  createSystem,
  Heading,
  Link,
  VisuallyHidden,
} from '@chakra-ui/react';
import { pageRecipes } from '../../../../frontend/src/lib/chakra-page-theme';
import { shellRecipes, themeConfig } from '../../../../frontend/src/lib/chakra-theme';

/** Our theme with every recipe the app uses, the shell's and the pages'. */
const system = createSystem(themeConfig, shellRecipes, pageRecipes);

const MODULE = new URL(
  '../../../../frontend/src/components/layout/recipes.module.css',
  import.meta.url,
);

/** Every declaration under a rule, as `<at-rules> <selector> { property: value }`, `&` for the class. */
const declarations = (root: Container, selector: RegExp, where = ''): string[] =>
  (root.nodes ?? []).flatMap((node: ChildNode) => {
    if (node.type === 'atrule') {
      const at = `${where}@${node.name} ${node.params.replace(/\s+/g, ' ')} `;
      return declarations(node, selector, at);
    }
    if (node.type !== 'rule' || !selector.test(node.selector)) return [];
    const rule = node.selector.replace(selector, '&').replace(/\s+/g, ' ');
    return (node.nodes ?? [])
      .filter(
        (decl) =>
          decl.type === 'decl' &&
          !/^-(webkit|ms)-/.test(decl.prop) &&
          !/^-(webkit|ms)-/.test(decl.value),
      )
      .map((decl) =>
        decl.type === 'decl'
          ? `${where}${rule} { ${decl.prop}: ${decl.value.replace(/\s+/g, ' ').replace(/0px/g, '0')} }`
          : '',
      );
  });

/** The declarations Chakra writes for one element rendered on the server with our theme. */
const chakraDeclarations = (element: ReactElement): string[] => {
  const html = renderToString(createElement(ChakraProvider, { value: system, children: element }));
  const css = [...html.matchAll(/<style data-emotion="[^"]*">([^<]*)<\/style>/g)]
    .map((match) => match[1]!)
    .join('\n');
  return declarations(postcss.parse(css), /\.css-[a-z0-9]+/g).sort();
};

const moduleCss = postcss.parse(readFileSync(MODULE, 'utf8'));
/** The declarations of one or more of the module's classes (a component with parts: all of them). */
const moduleDeclarations = (classNames: string): string[] =>
  classNames
    .split(' ')
    .flatMap((name) => declarations(moduleCss, new RegExp(`\\.${name}(?![\\w-])`, 'g')))
    .sort();

describe('recipes.module.css', () => {
  it.each([
    ['container', createElement(ChakraContainer)],
    ['heading', createElement(Heading)],
    ['heading3xl', createElement(Heading, { size: '3xl' })],
    ['headingLg', createElement(Heading, { size: 'lg' })],
    ['link', createElement(Link, { href: '/' })],
    ['visuallyHidden', createElement(VisuallyHidden)],
    [
      'cardRoot cardBody cardTitle cardDescription cardFooter',
      createElement(
        Card.Root,
        { variant: 'outline' },
        createElement(Card.Body),
        createElement(Card.Title),
        createElement(Card.Description),
        createElement(Card.Footer),
      ),
    ],
  ])('.%s is what Chakra gives the component', (className, element) => {
    const chakra = chakraDeclarations(element);
    expect(chakra.length).toBeGreaterThan(3);
    expect(chakra.every((line) => line.startsWith('@layer recipes '))).toBe(true);
    expect(moduleDeclarations(className)).toEqual(chakra);
  });
});
