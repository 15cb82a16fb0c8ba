import { act, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createRoutesStub, UNSAFE_ViewTransitionContext as ViewTransitionContext } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '~/lib/media/media';
import type { ProjectSummary } from '../api/project-types';
import { ProjectGrid } from './project-grid';

// Counts the tiles' renders: each tile draws its cover once per render.
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('~/components/responsive-image', () => ({
  ResponsiveImage: ({ media, style }: { media: Media; style?: { viewTransitionName?: string } }) => {
    drawn.set(media.url, (drawn.get(media.url) ?? 0) + 1);
    return <img src={media.url} alt={media.alt} style={style} />;
  },
}));

const cover = (n: number): Media => ({ url: `/uploads/cover-${n}.jpg`, kind: 'image', alt: `封面 ${n}`, width: 1600, height: 1200, placeholder: null, formats: [] });
const projects: ProjectSummary[] = Array.from({ length: 12 }, (_, n) => ({ documentId: `p${n}`, name: `项目 ${n}`, author: `作者 ${n}`, tall: n % 3 === 0, cover: cover(n) }));

type Transition = { from: string; to: string } | null;

const location = (pathname: string, key: string) => ({ pathname, search: '', hash: '', state: null, key });

/**
 * The grid as the list page shows it, inside a view transition (`from` → `to`) or none; `move`
 * starts or ends one without remounting anything, as React Router does.
 */
function renderGrid(initial: Transition) {
  let move: (transition: Transition) => void = () => {};
  function Transitioning({ children }: { children: ReactNode }) {
    const [transition, setTransition] = useState(initial);
    move = setTransition;
    const value = transition
      ? { isTransitioning: true as const, flushSync: false, currentLocation: location(transition.from, 'a'), nextLocation: location(transition.to, 'b') }
      : { isTransitioning: false as const };
    return <ViewTransitionContext.Provider value={value}>{children}</ViewTransitionContext.Provider>;
  }
  const Stub = createRoutesStub([
    {
      path: '/dailyPage/project',
      Component: () => (
        <Transitioning>
          <ProjectGrid projects={projects} category="all" />
        </Transitioning>
      ),
    },
  ]);
  render(<Stub initialEntries={['/dailyPage/project']} />);
  return { move: (transition: Transition) => act(() => move(transition)) };
}

const named = () => screen.getAllByRole('img').filter((image) => image.style.viewTransitionName);

describe('the project grid in a move (issue 41)', () => {
  beforeEach(() => drawn.clear());

  it('names only the tile of the project being opened, and re-renders no other tile', () => {
    const grid = renderGrid(null);
    expect(named()).toEqual([]);
    expect(drawn.size).toBe(projects.length);
    drawn.clear();
    grid.move({ from: '/dailyPage/project', to: '/dailyPage/project/p4' });
    expect(named().map((image) => image.getAttribute('alt'))).toEqual(['封面 4']);
    expect([...drawn.keys()]).toEqual([cover(4).url]);
    // And when it ends, the same tile alone loses its names.
    drawn.clear();
    grid.move(null);
    expect(named()).toEqual([]);
    expect([...drawn.keys()]).toEqual([cover(4).url]);
  });

  it('names the tile of the project the visitor comes back from', () => {
    renderGrid({ from: '/dailyPage/project/p7/', to: '/dailyPage/project' });
    expect(named().map((image) => image.getAttribute('alt'))).toEqual(['封面 7']);
  });
});
