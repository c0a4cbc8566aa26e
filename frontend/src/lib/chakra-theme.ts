/**
 * Our Chakra system, in two steps so that a first visit to the home page downloads only what it
 * renders (the home page's JavaScript under 150 KB gzipped).
 *
 * - The shell system, created at boot: Chakra's base preset and default tokens, our brand, and
 *   the recipes of the components the header, the footer and the home page use.
 * - The page recipes, added the first time any other page (or the launch overlay) loads: the
 *   recipes of every other component the app uses (chakra-page-theme.ts, its own chunk), put into
 *   the shell system's own recipe tables (`addRecipes`). `lazyPage` (lazy-page.ts) loads a
 *   page's code and these recipes together, so a page never renders before its recipes are there.
 *
 * Why add recipes in place rather than create a second system with all of them: `createSystem`
 * builds the token dictionary and the CSS of every token again, the costliest work before first
 * paint on a phone, and handing the provider a new system re-rendered the whole tree, header and
 * footer included, as the page arrived (docs/architecture.md, Mobile performance). A system looks
 * its recipes up by key in its config on every render (`getRecipe`, `isRecipe`), and caches only
 * the recipe functions of the keys it has already served, so recipes added later are found the
 * same way. test/unit/frontend/lib/chakra-theme.test.ts checks that the extended system styles
 * each page component exactly as a system created with every recipe does.
 *
 * Why not Chakra's `defaultSystem`: it carries the recipes of all ~85 Chakra components (date and
 * color pickers, trees, carousels…), about 12 KB gzipped that no page of ours renders; Chakra's
 * "Bundle Optimization" guide recommends a slice with the recipes one uses. Why `@chakra-theme/*`
 * (an alias to Chakra's own theme files, see vite.config.ts) rather than `@chakra-ui/react/theme`:
 * that entry is one module that imports every recipe, so whatever imports it at boot downloads
 * them all. A component whose recipe is missing renders unstyled without a warning, so
 * test/unit/frontend/lib/chakra-theme.test.ts checks every Chakra component imported under
 * `frontend/src` against these lists: when you use a new component, add its recipe here (if the
 * header, the footer or the home page use it) or in chakra-page-theme.ts.
 */
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import type { SystemContext } from '@chakra-ui/react';
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { animationStyles } from '@chakra-theme/motion-styles';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { containerRecipe } from '@chakra-theme/recipes/container';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { textStyles } from '@chakra-theme/text-styles';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';

const INTER = "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/**
 * Chakra's default theme without its recipes (what its `defaultThemeConfig` holds, assembled from
 * the same files), plus our brand palette and font.
 */
export const themeConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix: 'chakra',
    cssVarsRoot: ':where(html, .chakra-theme)',
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: {
        aspectRatios,
        animations,
        blurs,
        borders,
        colors,
        durations,
        easings,
        fonts,
        fontSizes,
        fontWeights,
        letterSpacings,
        lineHeights,
        radii,
        spacing,
        sizes,
        zIndex: zIndices,
        cursor,
      },
      semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
      textStyles,
      layerStyles,
      animationStyles,
    },
  }),
  defineConfig({
    globalCss: {
      html: { colorPalette: 'purple' },
      body: { bg: 'bg', color: 'fg' },
      // A loading button without loadingText hides its label with `visibility: hidden`, which
      // also takes the button's name from screen readers (axe `button-name`): the label stays
      // invisible (transparent) but readable. The spinner itself is left alone. Important: global
      // styles sit in Chakra's base layer, under the component's own style props.
      '.chakra-button[data-loading] > span > span:not(.chakra-spinner)': {
        visibility: 'visible !important',
        color: 'transparent !important',
      },
    },
    theme: {
      tokens: { fonts: { heading: { value: INTER }, body: { value: INTER } } },
      semanticTokens: {
        colors: {
          // White on Chakra's solid green (green.600) is 3.29:1, under WCAG AA's 4.5:1 for the
          // badges and buttons that use it; green.700 is 5.0:1, in both colour modes.
          green: { solid: { value: '{colors.green.700}' } },
        },
      },
    },
  }),
);

/**
 * The recipes of the Chakra components the header, the footer and the home page use (Chakra's own,
 * unchanged). The link's and the card's are page recipes: the shell's links and the home page's
 * cards are drawn with static classes (components/layout/recipes.module.css).
 */
export const shellRecipes = defineConfig({
  theme: {
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      tag: tagSlotRecipe,
    },
  },
});

let shellSystem: SystemContext | undefined;

/**
 * The shell system, created on the first call rather than when this module loads: boot asks for
 * `/config.json` first and builds the system while the answer is on its way (main.tsx).
 *
 * Its global CSS (the reset, the global styles and every token's variable, about 48 KB) is not
 * handed to Emotion: it comes as a stylesheet made from this same config
 * (`app/chakra-global.css`, linked by index.html; test/unit/frontend/lib/chakra-global-css.test.ts
 * keeps it equal to what Chakra would inject), which the browser reads as the page loads instead
 * of Emotion parsing and inserting it rule by rule in the first commit, the longest task after a
 * phone's first paint (docs/architecture.md, Mobile performance). In the built app Chakra does not
 * even compute it: the build rewrites `createSystem` to compute `_global` on its first read
 * (frontend/vite-chakra-global-on-demand.ts), and the line below replaces it before any read.
 */
export const getShellSystem = (): SystemContext => {
  if (!shellSystem) {
    shellSystem = createSystem(themeConfig, shellRecipes);
    shellSystem._global = [];
  }
  return shellSystem;
};

type Recipes = NonNullable<NonNullable<Parameters<typeof defineConfig>[0]['theme']>['recipes']>;
type SlotRecipes = NonNullable<
  NonNullable<Parameters<typeof defineConfig>[0]['theme']>['slotRecipes']
>;

/** Puts more recipes into a created system's own tables (see the header). */
export const addRecipes = (
  system: SystemContext,
  more: { theme?: { recipes?: Recipes; slotRecipes?: SlotRecipes } },
): void => {
  const theme = (system._config.theme ??= {});
  theme.recipes = Object.assign(theme.recipes ?? {}, more.theme?.recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, more.theme?.slotRecipes);
};

let pageRecipesLoad: Promise<void> | undefined;

/** Adds the page recipes to the shell system once; later calls return the same promise. */
export const loadPageSystem = (): Promise<void> => {
  pageRecipesLoad ??= import('./chakra-page-theme').then(({ pageRecipes }) =>
    addRecipes(getShellSystem(), pageRecipes),
  );
  return pageRecipesLoad;
};
