import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  textStyles,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
// The reset, global CSS and token variables, compiled at build (scripts/chakra-globals.ts).
import 'virtual:hadir/chakra-globals.css';
import { themeTokens } from './theme-tokens';

export { UNUSED_PALETTES } from './theme-tokens';

/** Chakra's default foundations (preflight, global CSS, text styles) with the theme's tokens. */
function foundations() {
  return {
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: themeTokens.tokens,
      semanticTokens: themeTokens.semanticTokens,
      textStyles,
    },
  };
}

/** Green primary (spec part 2 §9, tokens in theme-tokens.ts): components take the global colorPalette. */
const hadirTheme = defineConfig({
  globalCss: {
    'html, body': { colorPalette: 'green', bg: 'bg.subtle' },
  },
});

/**
 * Chakra's default theme minus the recipes Hadir never renders: the full set adds ~30 KB gzip (date
 * pickers, colour pickers, tree views…) that every phone would download before its first screen.
 * A component whose recipe is missing renders unstyled without an error, so
 * test/build/theme-recipes.test.ts fails when src/ imports a Chakra component whose recipe is not here.
 */
const base = foundations();
const chakraTheme = defineConfig({
  ...base,
  theme: {
    ...base.theme,
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

/**
 * The app's system, a chunk of its own that src/app/start.tsx loads beside the app. createSystem
 * deep-clones and merges the configs it is given: merging them beforehand (mergeConfigs) did that work twice.
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, hadirTheme);
