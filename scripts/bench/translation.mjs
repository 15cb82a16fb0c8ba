// The English twin's server render beside the Chinese page's (issue 28): the grid and a project,
// each with its content cached and its page not, and for English the provider calls each costs.
import { median } from './stats.mjs';

const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * `purge` drops every rendered page (a webhook), `providerCalls` counts the fake provider's calls.
 * The first English render of a page finds its texts untranslated (cold: one run, it cannot be
 * repeated); after it every English render is warm (translations cached, page not).
 */
export async function englishRenders(siteUrl, pages, { purge, providerCalls, runs }) {
  const rows = [];
  const render = async (path) => {
    await purge();
    const before = providerCalls();
    const started = performance.now();
    const response = await fetch(`${siteUrl}${path}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return { ms: performance.now() - started, calls: providerCalls() - before, complete: response.headers.get('cache-control') !== 'no-store' };
  };
  for (const [name, path] of pages) {
    await render(path); // the Chinese page's content into the content cache
    const chinese = [];
    for (let n = 0; n < runs; n += 1) chinese.push((await render(path)).ms);
    const cold = await render(`/en${path}`);
    if (!cold.complete) throw new Error(`/en${path}: the first English render missed its deadline; the figure would not be a full render`);
    const warm = [];
    let warmCalls = 0;
    for (let n = 0; n < runs; n += 1) {
      const run = await render(`/en${path}`);
      warm.push(run.ms);
      warmCalls += run.calls;
    }
    rows.push([
      `Server render of ${name}, content cached, page not: Chinese (median of ${runs}) / English, translations cold (first render) / English, translations warm (median of ${runs})`,
      `${ms(median(chinese))} / ${ms(cold.ms)} with ${cold.calls} provider calls / ${ms(median(warm))} with ${warmCalls} provider calls`,
    ]);
  }
  return rows;
}
