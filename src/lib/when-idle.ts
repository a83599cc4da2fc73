/**
 * Runs `task` once the page has loaded and the main thread is idle (at the latest `timeoutMs` after the
 * load): for work the first screen does not need, such as loading the next screens or registering the
 * service worker, so it neither delays the first paint nor blocks the first taps.
 */
export function whenIdle(task: () => void, timeoutMs = 2000) {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: timeoutMs }) : setTimeout(task, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Lets the browser handle input and paint before the caller goes on: start-up work split with it runs as
 * several short tasks instead of one long one that blocks the first taps (total blocking time).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
