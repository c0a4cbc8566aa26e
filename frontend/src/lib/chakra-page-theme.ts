/**
 * The page recipes: those of every component the pages other than home use. Loaded in its own
 * chunk by `loadPageSystem` (chakra-theme.ts), which adds them to the shell system, the first time
 * such a page (or the launch overlay) is shown, never on a first visit to the home page. The recipes come from
 * Chakra's theme files through the `@chakra-theme` alias, for the reason given in chakra-theme.ts.
 */
import { defineConfig, defineSlotRecipe } from '@chakra-ui/react';
import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { codeRecipe } from '@chakra-theme/recipes/code';
import { dataListSlotRecipe } from '@chakra-theme/recipes/data-list';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { radioCardSlotRecipe } from '@chakra-theme/recipes/radio-card';
import { radiomarkRecipe } from '@chakra-theme/recipes/radiomark';
import { separatorRecipe } from '@chakra-theme/recipes/separator';
import { statSlotRecipe } from '@chakra-theme/recipes/stat';
import { stepsSlotRecipe } from '@chakra-theme/recipes/steps';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';

/**
 * Chakra's native select, with its open list drawn by the page where the browser allows it. A
 * native list takes the option's background and text colour but paints the highlighted (chosen)
 * row in the system's light highlight colour, so in dark mode that row's light text stood on light
 * blue, and the open list read as a light one. Browsers with customizable selects (`appearance:
 * base-select`, Chromium 135+) draw the whole list with our tokens instead: panel, border, hover
 * and chosen rows in both colour modes. Others keep the native list, with the recipe's dark
 * options in dark mode.
 */
const nativeSelectRecipe = defineSlotRecipe({
  ...nativeSelectSlotRecipe,
  base: {
    ...nativeSelectSlotRecipe.base,
    field: {
      ...nativeSelectSlotRecipe.base?.field,
      '& > option, & > optgroup': { bg: 'bg', color: 'fg' },
      '@supports (appearance: base-select)': {
        '&, &::picker(select)': { appearance: 'base-select' },
        // A customizable select lays its chosen text out itself: centre it as a native one is.
        display: 'flex',
        alignItems: 'center',
        '&::picker(select)': {
          bg: 'bg.panel',
          color: 'fg',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'l2',
          boxShadow: 'md',
          padding: '1',
          marginBlock: '1',
        },
        // The recipe's own indicator stays; the browser's icon and checkmarks go.
        '&::picker-icon': { display: 'none' },
        '& > option': {
          paddingInline: '2',
          paddingBlock: '1',
          borderRadius: 'l1',
          bg: 'transparent',
          color: 'fg',
        },
        '& > option::checkmark': { display: 'none' },
        '& > option:hover, & > option:focus-visible': { bg: 'bg.muted', outline: 'none' },
        '& > option:checked': { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
      },
    },
  },
});

/** Chakra's own recipes (the native select with the list above); keys are the ones Chakra's components look up. */
export const pageRecipes = defineConfig({
  theme: {
    recipes: {
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      stat: statSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});
