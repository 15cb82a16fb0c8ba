import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/**
 * jsdom, but with one AbortController/AbortSignal pair: Node's. jsdom brings its own AbortSignal,
 * which Node's fetch and Request (used by React Router's client navigation, and by MSW) reject
 * since Node 24 ("Expected signal to be an instance of AbortSignal"). The site's browser code only
 * hands signals to fetch/Request, so Node's pair is the one that must win.
 */
export default {
  name: 'jsdom-with-node-abort',
  transformMode: 'web',
  async setup(global: typeof globalThis, options) {
    const { AbortController, AbortSignal } = globalThis;
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return jsdom;
  },
} as Environment;
