import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Colour palettes no screen uses. Every token becomes a CSS variable that createSystem builds while the
 * first screen waits, so the three unused palettes (33 tokens and 21 semantic tokens) are left out.
 * test/build/theme-recipes.test.ts fails when src/ names one of them.
 */
export const UNUSED_PALETTES = ['teal', 'cyan', 'pink'] as const;
function withoutUnusedPalettes<T extends object>(colors: T | undefined): T | undefined {
  if (!colors) return colors;
  return Object.fromEntries(
    Object.entries(colors).filter(([name]) => !(UNUSED_PALETTES as readonly string[]).includes(name)),
  ) as T;
}

/**
 * Chakra's default theme minus the recipes Hadir never renders: the full set adds ~30 KB gzip (date
 * pickers, colour pickers, tree views…) that every phone would download before its first screen.
 * A component whose recipe is missing renders unstyled without an error, so
 * test/domain/theme-recipes.test.ts fails when src/ imports a Chakra component whose recipe is not here.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
      radiomark: radiomarkRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      fileUpload: fileUploadSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      select: selectSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** Green primary (spec part 2 §9). Components default to the green palette through the global colorPalette. */
const hadirTheme = defineConfig({
  globalCss: {
    'html, body': { colorPalette: 'green', bg: 'bg.subtle' },
  },
  theme: {
    // White on green.600 is 3.3:1; green.700 gives 5:1 (WCAG AA) for buttons and the top bar.
    semanticTokens: {
      colors: {
        green: {
          solid: { value: '{colors.green.700}' },
          emphasized: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
});

// createSystem deep-clones and merges the configs it is given: merging them beforehand (mergeConfigs) did
// that work twice before the first paint.
export const system = createSystem(defaultBaseConfig, chakraTheme, hadirTheme);
