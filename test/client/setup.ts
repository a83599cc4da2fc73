import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks a few browser APIs Chakra (Ark UI) touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
Element.prototype.scrollTo ??= () => {};

// findBy*/waitFor wait 1 s by default; a loaded 2-core CI machine can need more.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
