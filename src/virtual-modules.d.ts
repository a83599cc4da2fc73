/** Modules a Vite plugin makes at build time. */

/** Chakra's reset, global CSS and token variables, compiled from the theme (scripts/chakra-globals.ts). */
declare module 'virtual:hadir/chakra-globals.css';
