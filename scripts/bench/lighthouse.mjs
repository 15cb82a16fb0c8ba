// Lighthouse lab runs in Debian's Chromium (chrome-launcher), one fresh browser per run.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

// Lighthouse's default settings and no Chromium flag that changes how a page is drawn (issue 26):
// only what a headless Chromium in a container needs to start. (Issue 11's runs added
// --run-all-compositor-stages-before-draw against a headless-only frame throttling,
// GoogleChrome/lighthouse#17148; a run that then loses its first paint is run again below.)
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The request Lantern's LCP waited for: its estimate is the end of the last node of its graph (every
 * request that had ended before the page's own LCP, but pictures of low priority), not of the LCP
 * picture (decision 022, ninth pass). Read from the simulator's own node timings of the run.
 */
function lcpWaitedFor() {
  // Lighthouse's LCP is the mean of an optimistic and a pessimistic graph; the pessimistic one holds
  // every request the optimistic one does, and its last is the one named.
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('pessimisticLargestContentfulPaint');
  if (!timings) console.warn('lighthouse: no Lantern node timings for LCP in this run');
  let last;
  for (const [node, timing] of timings ?? []) {
    if (node.type !== 'network' || (node.request.resourceType === 'Image' && /^(Low|VeryLow)$/.test(node.request.priority))) continue;
    if (!last || timing.endTime > last.endMs) last = { url: node.request.url, endMs: timing.endTime };
  }
  if (!last) return undefined;
  const url = new URL(last.url);
  return url.protocol === 'data:' ? 'an inline resource' : url.pathname.replace(/^\/dailyPage\/(project|article)\/[^/]+$/, '/dailyPage/$1/…');
}

/**
 * The page's main-thread tasks from the run's own trace, counted as Lantern counts blocking time on
 * a phone (each task 4x, less 50 ms) twice: by wall time and by the thread's own CPU time (`tdur`).
 * From the page's navigation to the trace's end: Lantern's simulation moves tasks the browser ran
 * before its first paint to after it (a profile run's TBT of 122 ms held 22 ms of such a sum after
 * the observed first paint), and the trace's end takes in what runs after load, which Lighthouse's
 * TBT (up to its simulated time to interactive) may leave out. On a machine whose two cores the
 * browser's other threads, Lighthouse itself and the servers share, much of a task's wall time is
 * its wait for a core (decision 022, twenty-fifth pass). Thread time leaves that out, and also any
 * time the thread waits without running (a synchronous call to another process), which a phone
 * would wait too: it is what the page's own work costs the CPU. No thread figures when a task that
 * could block carries no thread time (Chromium leaves it off some short ones).
 */
export function mainThreadBlocking(trace, slowdown = 4) {
  const events = trace?.traceEvents ?? [];
  // The page's own navigation: the main frame's, to a document's address (Lighthouse's first is
  // about:blank), and its first paint.
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && /^https?:/.test(event.args.data.documentLoaderURL ?? '')).at(-1);
  const id = navigation?.args.data.navigationId;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && (id === undefined || event.args?.data?.navigationId === id));
  if (!navigation || !fcp) return undefined;
  const tasks = events.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.pid === fcp.pid && event.tid === fcp.tid && event.ts >= navigation.ts);
  const blocking = (ms) => tasks.reduce((sum, task) => sum + Math.max(0, slowdown * ms(task) - 50), 0);
  const wall = (task) => task.dur / 1000;
  // Some short tasks carry no thread time; one that could block (over 50 ms at 4x by wall time) must.
  const thread = (task) => (Number.isFinite(task.tdur) ? task.tdur / 1000 : 0);
  const timed = tasks.every((task) => Number.isFinite(task.tdur) || slowdown * wall(task) <= 50);
  return {
    wallBlockingMs: blocking(wall),
    threadBlockingMs: timed ? blocking(thread) : undefined,
    longestWallMs: Math.max(0, ...tasks.map(wall)),
    longestThreadMs: timed ? Math.max(0, ...tasks.map(thread)) : undefined,
  };
}

/**
 * Scores (0-100) and the main lab metrics of one page. `formFactor` is 'mobile' (Lighthouse's
 * default: a mid-range phone on slow 4G, simulated) or 'desktop'.
 */
export async function lighthouseRun(url, formFactor = 'mobile', categories = ['performance', 'accessibility', 'best-practices', 'seo'], attempts = 3, chromeFlags = []) {
  // `chromeFlags`: the front door's trust (its certificate is from Caddy's local authority).
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: [...FLAGS, ...chromeFlags] });
  let result;
  Lantern.Simulation.Simulator.allNodeTimings.clear();
  try {
    result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
  } finally {
    chrome.kill();
  }
  // Headless Chromium now and then loses the trace (NO_NAVSTART) or its first paint (NO_FCP):
  // that run measured nothing, so it is run again rather than counted.
  if (result.lhr.runtimeError && attempts > 1) {
    console.warn(`lighthouse ${formFactor} ${url}: ${result.lhr.runtimeError.code}, running again`);
    return lighthouseRun(url, formFactor, categories, attempts - 1, chromeFlags);
  }
  const { categories: scored, audits } = result.lhr;
  const score = (id) => (scored[id] ? Math.round(scored[id].score * 100) : undefined);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    tbtMs: audits['total-blocking-time']?.numericValue,
    lcpWaitedFor: formFactor === 'mobile' ? lcpWaitedFor() : undefined,
    ...(formFactor === 'mobile' ? mainThreadBlocking(result.artifacts.Trace) : {}),
    failing: Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id),
  };
}
