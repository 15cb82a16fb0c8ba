import { useEffect, useState } from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';
import { getFetchClient, Widget } from '@strapi/strapi/admin';

interface Summary {
  days: Array<{ day: string; views: number }>;
  top: Array<{ type: 'project' | 'article'; documentId: string; name: string; views: number }>;
  links: Array<{ label: string; name: string | null; opens: number; lastOpenedAt: string | null; state: 'valid' | 'revoked' | 'expired' | 'empty' }>;
}

const CHART = { width: 300, height: 56, gap: 2 };

/** Views per day as bars, the busiest day full height; each bar says its day and count when pointed at. */
function DailyBars({ days }: { days: Summary['days'] }) {
  const most = Math.max(1, ...days.map((day) => day.views));
  const bar = (CHART.width - CHART.gap * (days.length - 1)) / days.length;
  return (
    <svg role="img" aria-label={`Views per day: ${days.map((day) => `${day.day} ${day.views}`).join(', ')}`} viewBox={`0 0 ${CHART.width} ${CHART.height}`} preserveAspectRatio="none" width="100%" height={CHART.height}>
      {days.map((day, index) => {
        const height = Math.max(day.views > 0 ? 2 : 1, (day.views / most) * CHART.height);
        return (
          <rect key={day.day} x={index * (bar + CHART.gap)} y={CHART.height - height} width={bar} height={height} rx={1} fill={day.views > 0 ? '#4945ff' : '#dcdce4'}>
            <title>{`${day.day}: ${day.views}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/** "Today 13:22", "Yesterday 09:05", else the date and time, in the editor's own format. */
function when(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const days = Math.round((new Date().setHours(0, 0, 0, 0) - new Date(iso).setHours(0, 0, 0, 0)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const STATE = { valid: 'open', revoked: 'revoked', expired: 'expired', empty: 'item deleted' } as const;

// What fits a widget's frame (261 px high) without scrolling inside it, a line of 28 px each: under
// the views and their chart 3 pages (room left for the figure's line to wrap in a narrow frame);
// 6 share links, the last opened first, the rest a click away (the widget's link).
const TOP_SHOWN = 3;
const LINKS_SHOWN = 6;

/** One line of a list: the name on the left (with a small grey note), the figure right-aligned. */
function Row({ name, note, figure }: { name: string; note: string; figure: number }) {
  return (
    <Flex tag="li" justifyContent="space-between" gap={3} paddingTop={1} paddingBottom={1}>
      <Typography variant="omega" ellipsis>
        {name}{' '}
        <Typography variant="pi" textColor="neutral600">
          {note}
        </Typography>
      </Typography>
      <Typography variant="omega" fontWeight="bold">
        {figure}
      </Typography>
    </Flex>
  );
}

/**
 * The summary both widgets show, asked for once by the two of them: the home page mounts them
 * together, and the next visit to it asks again. Not through `useFetchClient`, whose requests end
 * with the component that made them: the other widget would lose an answer it shares.
 */
let asked: Promise<Summary> | undefined;
function useSummary(): { summary: Summary | null; failed: boolean } {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const answer = (asked ??= getFetchClient()
      .get<{ data: Summary }>(`/admin/studio/views?top=${TOP_SHOWN}`)
      .then((response) => response.data.data));
    const settled = () => {
      if (asked === answer) asked = undefined;
    };
    answer.then(settled, settled);
    let current = true;
    answer.then(
      (data) => current && setSummary(data),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  return { summary, failed };
}

/** The admin home page's widget: views per day, and the most viewed work. */
export function ViewsWidget() {
  const { summary, failed } = useSummary();
  if (failed) return <Widget.Error />;
  if (!summary) return <Widget.Loading />;
  const total = summary.days.reduce((sum, day) => sum + day.views, 0);
  const busiest = summary.days.reduce((most, day) => (day.views > most.views ? day : most), { day: '', views: 0 });
  if (total === 0) return <Widget.NoData>No views yet: pages of projects and articles count once a browser shows them.</Widget.NoData>;
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box>
        <Flex alignItems="baseline" gap={2}>
          <Typography variant="alpha" tag="p">
            {total}
          </Typography>
          <Typography variant="omega" textColor="neutral600">
            views of projects and articles · {busiest.views} on {busiest.day}, the busiest day
          </Typography>
        </Flex>
        <DailyBars days={summary.days} />
        <Flex justifyContent="space-between">
          <Typography variant="pi" textColor="neutral500">
            {summary.days[0]?.day}
          </Typography>
          <Typography variant="pi" textColor="neutral500">
            {summary.days.at(-1)?.day}
          </Typography>
        </Flex>
      </Box>
      {summary.top.length > 0 && (
        <Box>
          <Typography variant="sigma" textColor="neutral700" tag="h3">
            Most viewed
          </Typography>
          <Box tag="ol" data-widget="top">
            {summary.top.map((page) => (
              <Row key={`${page.type}:${page.documentId}`} name={page.name} note={page.type} figure={page.views} />
            ))}
          </Box>
        </Box>
      )}
    </Flex>
  );
}

/**
 * A widget of its own beside the views (a heading under the views' list sat at the bottom edge of
 * their frame, its links out of sight): the share links opened, the last opened first.
 */
export function ShareLinksWidget() {
  const { summary, failed } = useSummary();
  if (failed) return <Widget.Error />;
  if (!summary) return <Widget.Loading />;
  if (summary.links.length === 0) return <Widget.NoData>No share link opened yet: each visit through a link made under Share links counts here.</Widget.NoData>;
  return (
    <Box tag="ul" data-widget="links">
      {summary.links.slice(0, LINKS_SHOWN).map((link) => (
        <Row key={`${link.label}:${link.lastOpenedAt}`} name={`${link.label} · ${link.name ?? '—'}`} note={`${STATE[link.state]}, last ${when(link.lastOpenedAt)}`} figure={link.opens} />
      ))}
    </Box>
  );
}
