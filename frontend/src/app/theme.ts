/**
 * Chakra's default system with our brand palette. Dark mode needs nothing here: Chakra's `_dark`
 * condition follows the `dark` class our ColorModeProvider puts on the document root.
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const brand = defineConfig({
  globalCss: {
    html: { colorPalette: 'purple' },
    body: { bg: 'bg', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        },
        body: {
          value: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, brand);
