/** Modules a Vite plugin makes at build time. */

/** Chakra's reset, global CSS and token variables, compiled from the theme (scripts/chakra-globals.ts). */
declare module 'virtual:hadir/chakra-globals.css';

/** Chakra's token dictionary of the theme, built at build (scripts/chakra-tokens.ts). */
declare module 'virtual:hadir/chakra-tokens' {
  import type { TokenSnapshot } from './app/chakra-token-snapshot';
  const snapshot: TokenSnapshot;
  export default snapshot;
}
