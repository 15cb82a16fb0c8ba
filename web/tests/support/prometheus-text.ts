/**
 * Reads Prometheus's text format: the sum of the samples of `name` whose labels include `labels`
 * (all of its series for `{}`); undefined when there is no such series at all.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum = (sum ?? 0) + Number(match[3]);
  }
  return sum;
}
