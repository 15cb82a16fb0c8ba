// Records a bench run as JSON under docs/bench/ and renders docs/benchmarks.md from a full run:
// every published figure comes from one recorded run, with its date, Node version and machine.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir } from '../lib/stack.mjs';

const benchDir = path.join(rootDir, 'docs', 'bench');

/** Writes `run` to docs/bench/<date and time>.json and returns the file's path. */
export function writeRun(run) {
  fs.mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, `${run.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

// What each section measures and the target it answers (the figures come from the run).
const SECTIONS = {
  cms: ['The content service', 'Start of a temporary CMS on SQLite, seeding the demo studio from scratch (6 categories, 30 projects, 8 articles, 3 profiles, ~140 images, each with its thumbnail and placeholder), then again on the seeded database.'],
  observatory: ['Security headers (issue 12)', 'The MDN HTTP Observatory scanner against the site on plain-HTTP loopback: only the two TLS tests can fail there; behind the documented TLS proxy the site sends HSTS.'],
  render: ['Server render', 'The grid rendered with its content cached and the page not: before each render a landing-image webhook drops the rendered pages.'],
  content: ['Caching, floods and outages (issues 10 and 25)', 'Load with 20 connections against the warm pages, compared in the same run with the same bytes from a bare Node server (a ratio: the machine is shared). Junk query strings, other spellings and unknown addresses against the plain address (issue 25: junk at ≥ 0.5 of plain). Time to first byte of a seen page with the CMS refusing or hanging (issue 10: ≤ 200 ms), and from a publish in the admin to the change on the site (≤ 5 s).'],
  watching: ['What watching costs (issue 41)', 'The warm grid under load on two copies of the site on the same CMS, one writing its access log and counting its metrics, one with neither, rounds alternating: the ratio of the two (decision 016 measured 0.60 before; the target is ≥ 0.9).'],
  studio: ['The studio\'s own identity (issue 37)', 'The body face per weight before (cut to printable ASCII) and after (cut into parts with unicode-range: Latin with Latin-1, Latin Extended, Vietnamese; a page downloads only the parts its text uses), as built. And the time from publishing a new studio name in the admin to that name in a page\'s title (the webhook purges every page).'],
  translation: ['Every language as content (issue 38)', 'The server render of an English page beside its Chinese twin, content cached and page not (a webhook drops the rendered pages before each), in pairs of alternating order: both read their locale from the CMS, so the ratio should be about 1 and the provider is never asked while a page renders (before issue 38 a cold English grid took 142 ms with 80 provider calls against 28 ms in Chinese). And the time from publishing a Chinese change in the admin to its machine English on the site: the CMS leader\'s fill (the local fake provider), its publish of the English locale, the webhook.'],
  walk: ['Page weight (issue 11)', 'A first visit with an empty browser cache per route and layout (web 1440×900 at 1×, phone 390×844 at 3×): bytes on the wire after compression, headers included. The stylesheet is inside the HTML.'],
  lighthouse: ['Lab performance (issue 11)', 'Lighthouse 13 with its default settings (mobile: a simulated mid-range phone on slow 4G; desktop), page cache warm. A run in which headless Chromium lost the trace is run again. Issue 26 asks for mobile ≥ 98 on every route.'],
  instant: ['Moves in a visitor\'s hands (issue 26)', 'A real Chromium throttled through the DevTools protocol like a mid-range phone (slow 4G: 150 ms round trips, 1.6 Mbps; CPU 4×), a fresh browser context per run. Times run inside the page from the click, tap or Back until the new content is in the document. Before issue 26 the same moves took 771 ms (tile to project), 529 ms (Back) and 573 ms (next project); the target is ≤ 150 ms. A 4× CPU is a faster phone on a faster machine: the last rows give what it is on this run\'s machine (Lighthouse\'s benchmark index, by which DevTools calibrate their phone presets) and time the phone\'s two taps again, in the same rounds, with the CPU slowed to DevTools\' mid-tier phone instead.'],
  frontdoor: ['Through the HTTPS front door (issue 40)', 'The same throttled moves as above, and Lighthouse mobile on the same routes, in the same run, through deploy/Caddyfile (TLS with Caddy\'s local certificate authority, HTTP/2) instead of plain HTTP/1.1 on loopback: the site behind the proxy a studio runs.'],
  import: ['Import (issue 40)', 'npm run import of the example folder into the seeded studio through the CMS\'s REST API (an API token made for the run): every file checked, uploaded and published; then the same folder again, which sends nothing.'],
  storage: ['Media in a bucket (issue 29)', 'A second stack seeded alike keeps its uploads in a bucket of a loopback moto_server (S3-compatible, written in Python: slower than a production object store). Each page is fetched with every picture (through the image endpoint, variants already made) and the first megabyte of every video (through the media route, from the bucket on every request), six at a time, the two stacks in turn; the ratio is bucket over folder.'],
  instances: ['Several instances (issue 15)', 'Two site instances sharing the machine\'s Redis (a prefix per run); the CMS\'s webhook reaches the first, Redis tells the second. The load generator shares the two cores with both instances: the ratio is what sharing costs on one machine, not how far separate machines scale.'],
};

const cell = (text) => String(text).replace(/\|/g, '\\|');

/** Prose wrapped at 100 columns, as the other docs are. */
function wrap(text, width = 100) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** docs/benchmarks.md for a full run (`file`: the run's JSON, relative to docs/). */
export function renderBenchmarks(run, file) {
  const lines = [
    '# Benchmarks',
    '',
    '<!-- Generated by `npm run bench` (scripts/bench.mjs, scripts/bench/render.mjs) from the run it',
    `     recorded in ${file}. Do not edit: run the bench again. -->`,
    '',
    'Every figure below comes from one run of `npm run bench`: a temporary CMS seeded from scratch,',
    'the production site build, a local fake translation provider and Debian\'s Chromium, all on',
    'loopback. Medians where several runs are taken; ratios compare against a baseline measured in',
    'the same run, because the machine is shared and noisy. Raw results: `docs/bench/*.json`.',
    '',
    ...wrap(`Run of ${run.date.slice(0, 16).replace('T', ' ')} UTC on ${run.machine}, Node ${run.node}; ${run.runs} runs per median (Lighthouse: ${run.lighthouseRuns}): [${path.basename(file)}](${file}).`),
  ];
  for (const [section, measured] of Object.entries(run.results)) {
    const [title, about] = SECTIONS[section] ?? [section, ''];
    lines.push('', `## ${title}`, '');
    if (about) lines.push(...wrap(about), '');
    lines.push('| What | Figure |', '|---|---|');
    for (const row of measured) lines.push(`| ${cell(row.what)} | ${cell(shownFigure(row))} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A row's figure, and where it is a median, each run's figure beside it, sorted, one list per
 * figure of the row: "138 ms / 237 ms (runs: 99, 120, 138 / 199, 237, 260)".
 */
export const shownFigure = ({ figure, runs }) => (runs ? `${figure} (runs: ${runs.map((list) => [...list].sort((a, b) => a - b).join(', ')).join(' / ')})` : figure);

/** Every section a full run measures: what `BENCH_ONLY` picks from, and what a run needs to be full. */
export const ALL_SECTIONS = Object.keys(SECTIONS);

/**
 * The newest full run among `files` (JSON under docs/bench/): one that measured every section the
 * page describes. A run of some sections (`BENCH_ONLY`) is recorded beside the full ones and is
 * never what docs/benchmarks.md is rendered from, as `npm run bench` itself does.
 */
export function newestFullRun(files, read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'))) {
  const full = (run) => ALL_SECTIONS.every((section) => (run.sections ?? Object.keys(run.results ?? {})).includes(section));
  return [...files].filter((file) => file.endsWith('.json')).sort().reverse().find((file) => full(read(file)));
}

// `node scripts/bench/render.mjs [docs/bench/<run>.json]`: renders docs/benchmarks.md again from a
// recorded full run (the newest full one when none is named), e.g. after a change to this renderer.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ? path.resolve(process.argv[2]) : newestFullRun(fs.readdirSync(benchDir).map((name) => path.join(benchDir, name)));
  if (!file) throw new Error(`no full run under ${path.relative(rootDir, benchDir)}: run npm run bench without BENCH_ONLY`);
  const run = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(path.join(rootDir, 'docs', 'benchmarks.md'), renderBenchmarks(run, path.relative(path.join(rootDir, 'docs'), file)));
  console.log(`docs/benchmarks.md rendered from ${path.relative(rootDir, file)}`);
}
