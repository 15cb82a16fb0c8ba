import { useEffect, useState } from 'react';
import { Box, Flex, Typography } from '@strapi/design-system';
import { useFetchClient, Widget } from '@strapi/strapi/admin';

interface Summary {
  days: Array<{ day: string; views: number }>;
  top: Array<{ type: 'project' | 'article'; documentId: string; name: string; views: number }>;
  links: Array<{ label: string; name: string | null; opens: number; lastOpenedAt: string | null }>;
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

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The admin home page's widget: views per day, the most viewed work, the share links opened. */
export function ViewsWidget() {
  const { get } = useFetchClient();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    get<{ data: Summary }>('/admin/studio/views')
      .then((answer) => setSummary(answer.data.data))
      .catch(() => setFailed(true));
  }, [get]);

  if (failed) return <Widget.Error />;
  if (!summary) return <Widget.Loading />;
  const total = summary.days.reduce((sum, day) => sum + day.views, 0);
  if (total === 0 && summary.links.length === 0) return <Widget.NoData>No views yet: pages of projects and articles count once a browser shows them.</Widget.NoData>;
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box>
        <Typography variant="omega" textColor="neutral600">
          {total} views of projects and articles
        </Typography>
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
          <Typography variant="sigma" textColor="neutral600" tag="h3">
            Most viewed
          </Typography>
          <ol data-widget="top">
            {summary.top.map((page) => (
              <li key={`${page.type}:${page.documentId}`}>
                <Typography variant="omega">
                  {page.name} ({page.type}): <strong>{page.views}</strong>
                </Typography>
              </li>
            ))}
          </ol>
        </Box>
      )}
      {summary.links.length > 0 && (
        <Box>
          <Typography variant="sigma" textColor="neutral600" tag="h3">
            Share links opened
          </Typography>
          <ul data-widget="links">
            {summary.links.map((link) => (
              <li key={`${link.label}:${link.lastOpenedAt}`}>
                <Typography variant="omega">
                  {link.label} · {link.name ?? '—'}: <strong>{link.opens}</strong>, last {when(link.lastOpenedAt)}
                </Typography>
              </li>
            ))}
          </ul>
        </Box>
      )}
    </Flex>
  );
}
