// What the bench's throttled phone is on this machine. The profile slows the CPU 4× (issue 26), so
// on a machine twice as fast it is a phone twice as fast: the moves' figures followed the machine
// from one day to the next (decision 022, thirty-eighth pass). Chrome's DevTools calibrate their
// phone presets instead, with Lighthouse's benchmark index (the same function, from Lighthouse):
// a mid-tier phone (a Pixel 5) scores 1,000, a low-tier one (a Moto G4 Power 2022) 264. These
// measure this machine's index, unthrottled and under a rate, and find the rate at which it
// scores as the mid-tier phone, as DevTools' calibration does (a bisection on the rate).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './stats.mjs';

/** DevTools' presets (front_end/panels/mobile_throttling/CalibrationController.ts). */
export const MID_TIER_PHONE = 1000;
export const LOW_TIER_PHONE = 264;

/** Lighthouse's benchmark index in a blank page with the CPU slowed `rate` times, median of `runs` (about 1 s each). */
export async function benchmarkIndex(browser, rate, runs = 3) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const scores = [];
    // The first run warms V8 (DevTools' calibration does the same) and is not counted.
    for (let n = 0; n <= runs; n += 1) {
      const score = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
      if (!Number.isFinite(score)) throw new Error(`benchmark index: unexpected score ${score}`);
      if (n > 0) scores.push(score);
    }
    return median(scores);
  } finally {
    await context.close();
  }
}

/**
 * The CPU rate at which this machine scores `target` (within 3 %), found as DevTools find it: the
 * index is not linear in the rate, so the rate is bisected, each step measured. A machine that
 * scores `target` or less unthrottled cannot be slowed to it: rate 1, `tooWeak`.
 */
export async function calibratedRate(browser, target = MID_TIER_PHONE) {
  return bisectRate(await benchmarkIndex(browser, 1), target, (rate) => benchmarkIndex(browser, rate));
}

/** The bisection of `calibratedRate`, on a machine scoring `host` unthrottled and `measure(rate)` slowed. */
export async function bisectRate(host, target, measure) {
  if (host <= target) return { host, rate: 1, score: host, tooWeak: true };
  let lower = 1;
  let upper = (host / target) * 1.5;
  let rate = 1;
  let score = host;
  for (let step = 0; step < 8; step += 1) {
    // Chromium keeps the rate to the hundredth.
    rate = Number(((lower + upper) / 2).toFixed(2));
    score = await measure(rate);
    if (Math.abs(score - target) <= target * 0.03) break;
    if (score < target) upper = rate;
    else lower = rate;
  }
  return { host, rate, score, tooWeak: false };
}
