import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every route is in the first HTML (a dozen routes, ~1 KB compressed): a move never waits on a
  // `/__manifest` round trip to discover its route. With lazy discovery, a move the page had not
  // rendered a <Link> for (the pager, a visitor's Back) paid one round trip, 150 ms on slow 4G,
  // even when its data had been fetched ahead (issue 26).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
