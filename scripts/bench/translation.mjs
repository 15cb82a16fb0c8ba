// Issue 38: every locale is read from the CMS like the source, so the English twin of a page
// should render like the Chinese one (a ratio, same run, interleaved), with no provider call; and
// the CMS's fill should put a Chinese change into English soon after it is published.
import { adminSession } from '../../web/tests/support/cms-admin.ts';
import { fakeEnglish } from '../../web/tests/support/fake-mymemory.ts';
import { median } from './stats.mjs';

const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * `purge` drops every rendered page (a webhook; the content answers stay cached), `providerCalls`
 * counts the fake provider's calls. Each run renders the Chinese page and its English twin one
 * after the other, so both see the same moment of a shared, noisy machine.
 */
export async function englishRenders(siteUrl, pages, { purge, providerCalls, runs }) {
  const rows = [];
  const render = async (path) => {
    await purge();
    const started = performance.now();
    const response = await fetch(`${siteUrl}${path}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  for (const [name, path] of pages) {
    // Both pages' content into the content cache first.
    await render(path);
    await render(`/en${path}`);
    const before = providerCalls();
    const chinese = [];
    const english = [];
    // Pairs in alternating order (ABBA): neither language is always the one after a purge's echo.
    for (let n = 0; n < runs; n += 1) {
      if (n % 2 === 0) {
        chinese.push(await render(path));
        english.push(await render(`/en${path}`));
      } else {
        english.push(await render(`/en${path}`));
        chinese.push(await render(path));
      }
    }
    const ratio = median(english) / median(chinese);
    rows.push([
      `Server render of ${name}, content cached, page not: Chinese / English, median of ${runs} each (interleaved); English ÷ Chinese; provider calls`,
      `${ms(median(chinese))} / ${ms(median(english))}; ${ratio.toFixed(2)}; ${providerCalls() - before}`,
    ]);
  }
  return rows;
}

/**
 * Median time from publishing a new Chinese name of a project in the admin to its machine English
 * on the project's English page (the leader's fill, its publish, the webhook, the purge).
 */
export async function englishFilledAfterPublish(cmsUrl, siteUrl, runs) {
  const admin = await adminSession(cmsUrl);
  const [, , project] = (await (await fetch(`${cmsUrl}/api/projects?fields[0]=projectName&sort[0]=projectName:asc`)).json()).data;
  const page = `${siteUrl}/en/dailyPage/project/${project.documentId}?documentId=${project.documentId}`;
  const times = [];
  try {
    for (let n = 1; n <= runs; n += 1) {
      const name = `${project.projectName}（第${n}稿）`;
      const english = fakeEnglish(name);
      const started = performance.now();
      await admin.publish('api::project.project', project.documentId, { projectName: name });
      for (;;) {
        if ((await (await fetch(page)).text()).includes(english)) break;
        if (performance.now() - started > 60_000) throw new Error(`${name}: no English on ${page} after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push(performance.now() - started);
    }
  } finally {
    await admin.publish('api::project.project', project.documentId, { projectName: project.projectName });
  }
  return `${ms(median(times))} (runs: ${times.map((time) => time.toFixed(0)).join(', ')} ms)`;
}
