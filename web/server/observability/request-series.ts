import type { Metric, Registry } from 'prom-client';

interface Series {
  route: string;
  status: string;
  /** Requests, by method. */
  methods: Map<string, number>;
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative): the first bound at or above the duration. */
  buckets: number[];
}

/**
 * The requests' counter and duration histogram (`http_requests_total` by method, route and
 * status; `http_request_duration_seconds` by route and status), kept in plain numbers and made
 * into Prometheus's samples only when scraped (issue 41, point 6: watching costs little).
 * prom-client's own `inc` and `observe` check the labels and hash them into a key on every call,
 * even through `labels()`; for a request that was a third of what watching cost. The text a
 * scrape reads is the one prom-client's Counter and Histogram write.
 */
export function requestSeries(registry: Registry, { bounds, methodLabel }: { bounds: readonly number[]; methodLabel: (method: string) => string }) {
  // Route, then status: two lookups of values the caller has, no key built per request.
  const byRoute = new Map<string, Map<number, Series>>();
  const all: Series[] = [];
  const seriesOf = (route: string, status: number) => {
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { route, status: String(status), methods: new Map(), count: 0, sum: 0, buckets: bounds.map(() => 0) };
      byStatus.set(status, series);
      all.push(series);
    }
    return series;
  };
  const reset = () => {
    byRoute.clear();
    all.length = 0;
  };

  const counter = {
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status.',
    type: 'counter',
    aggregator: 'sum',
    reset,
    get: async () => ({
      name: counter.name,
      help: counter.help,
      type: counter.type,
      aggregator: counter.aggregator,
      values: all.flatMap(({ route, status, methods }) => [...methods].map(([method, value]) => ({ labels: { method, route, status }, value }))),
    }),
  };
  const histogram = {
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route and status.',
    type: 'histogram',
    aggregator: 'sum',
    reset,
    get: async () => ({
      name: histogram.name,
      help: histogram.help,
      type: histogram.type,
      aggregator: histogram.aggregator,
      values: all.flatMap(({ route, status, count, sum, buckets }) => {
        let below = 0;
        return [
          ...bounds.map((le, index) => ({ labels: { le, route, status }, value: (below += buckets[index]!), metricName: `${histogram.name}_bucket` })),
          { labels: { le: '+Inf', route, status }, value: count, metricName: `${histogram.name}_bucket` },
          { labels: { route, status }, value: sum, metricName: `${histogram.name}_sum` },
          { labels: { route, status }, value: count, metricName: `${histogram.name}_count` },
        ];
      }),
    }),
  };
  // prom-client's registry takes any object with a name and `get()` in its metrics' shape. Typed
  // as its `Metric` only for `registerMetric`: `getSingleMetric` would return these two without
  // `inc` or `labels`, and resetting either resets both (nothing does either; `resetMetrics` does
  // the same to all).
  registry.registerMetric(counter as unknown as Metric);
  registry.registerMetric(histogram as unknown as Metric);

  return {
    /** One request answered. */
    record(method: string, route: string, status: number, seconds: number) {
      const series = seriesOf(route, status);
      const label = methodLabel(method);
      series.methods.set(label, (series.methods.get(label) ?? 0) + 1);
      series.count += 1;
      series.sum += seconds;
      let index = 0;
      while (index < bounds.length && seconds > bounds[index]!) index += 1;
      if (index < bounds.length) series.buckets[index]! += 1;
    },
  };
}
