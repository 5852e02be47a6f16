/**
 * The BariDesk theme: Chakra's defaults plus a calm clinical palette. `brand` (teal-blue) is the
 * colour of actions and focus; it is wired into Chakra's semantic slots (solid, muted, fg, …) so
 * `colorPalette="brand"` works on every component.
 */
import { createSystem, defaultConfig } from '@chakra-ui/react';
import used from './chakra-recipes.json';

type Recipes = Record<string, unknown>;
const only = (all: Recipes | undefined, keys: string[]): Recipes =>
  Object.fromEntries(keys.filter((key) => all?.[key]).map((key) => [key, all?.[key]]));

/**
 * Chakra's defaults with only the recipes BariDesk uses (chakra-recipes.json). The production build
 * already drops the others from the bundle; choosing them here too makes tests see the same theme.
 */
const baseConfig = {
  ...defaultConfig,
  theme: {
    ...defaultConfig.theme,
    recipes: only(defaultConfig.theme?.recipes, used.recipes),
    slotRecipes: only(defaultConfig.theme?.slotRecipes, used.slotRecipes),
  },
} as typeof defaultConfig;

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const system = createSystem(baseConfig, {
  globalCss: {
    // Every component takes the brand palette unless it asks for another (e.g. red for destructive).
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.canvas', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
      },
      colors: {
        brand: {
          50: { value: '#e8f6f7' },
          100: { value: '#c6e9ec' },
          200: { value: '#9bd7dd' },
          300: { value: '#68c0c9' },
          400: { value: '#3ea6b3' },
          500: { value: '#1f8a9c' },
          600: { value: '#176f84' },
          700: { value: '#14596d' },
          800: { value: '#134757' },
          900: { value: '#113a48' },
          950: { value: '#0a2530' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
        },
        bg: {
          canvas: { value: { _light: '#f5f8fa', _dark: '{colors.gray.950}' } },
        },
        fg: {
          // Text, not decoration: Chakra's gray.400 and orange.600 are 2.6:1 and 3.3:1 on white (axe found a
          // dashboard caption and the board's notice); gray.500 and orange.700 meet 4.5:1 on the page too.
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          // A field's error text (12 px) in Chakra's red.500 is 3.8:1 on white (axe, the two-factor code's
          // error); red.700 is 6.5:1.
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
        // White text on Chakra's green.600 and orange.600 (a success or warning toast, a solid button) is
        // 3.3:1 and 3.6:1; on the 700s it is 5.0:1 and 5.2:1 (WCAG AA, 4.5:1).
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } } },
      },
    },
  },
});
