import { act, render } from '@testing-library/react';
import { Activity, Profiler, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListItemAhead } from './use-fetch-ahead';

// What the hook asks of fetching ahead, recorded.
const asked = vi.hoisted(() => [] as string[]);
vi.mock('../navigation/fetch-ahead', () => ({
  mayFetchAhead: () => true,
  fetchAhead: (page: string) => asked.push(`page ${page}`),
  fetchCodeAhead: (page: string) => asked.push(`code ${page}`),
}));

/** The browser's IntersectionObserver, driven by the test: `show` brings an element into view. */
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element> }>();
class FakeObserver {
  private readonly entry;
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: new Set<Element>() };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
}
function show(target: Element) {
  for (const { callback, targets } of [...observers]) {
    if (targets.has(target)) callback([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

// React's own count of what it drew (a render of a tile would be one).
let renders = 0;
const counted = () => (renders += 1);
function Tile({ page, index, phone }: { page: string; index: number; phone: boolean }) {
  const item = useRef<HTMLLIElement>(null);
  useListItemAhead(item, page, index, phone);
  return <li ref={item} data-testid={page} />;
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  asked.length = 0;
  renders = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  observers.clear();
});

describe('useListItemAhead: an item of a list fetches its page ahead once seen (issue 41)', () => {
  it("on a phone, asks for the page in the observer's own callback, with no render of the item between (a jump down the grid, then a tap)", async () => {
    const { getByTestId } = render(
      <Profiler id="grid" onRender={counted}>
        <ul>
          <Tile page="/project/a" index={0} phone />
          <Tile page="/project/o" index={14} phone />
        </ul>
      </Profiler>,
    );
    const rendered = renders;
    show(getByTestId('/project/o'));
    expect(asked).toEqual(['page /project/o']);
    await act(async () => {});
    expect(renders).toBe(rendered);
    // Seen once: scrolling past it again asks for nothing more.
    show(getByTestId('/project/o'));
    expect(asked).toEqual(['page /project/o']);
  });

  it('in a window, only the first item fetches the code every item shares; a pointer gives the rest', () => {
    const { getByTestId } = render(
      <ul>
        <Tile page="/project/a" index={0} phone={false} />
        <Tile page="/project/b" index={1} phone={false} />
      </ul>,
    );
    show(getByTestId('/project/b'));
    show(getByTestId('/project/a'));
    expect(asked).toEqual(['code /project/a']);
  });

  it('a list hidden and shown again (the grid kept while a project is open) fetches what is in view anew', async () => {
    function Kept({ shown }: { shown: boolean }) {
      return (
        <Activity mode={shown ? 'visible' : 'hidden'}>
          <ul>
            <Tile page="/project/a" index={0} phone />
          </ul>
        </Activity>
      );
    }
    const { getByTestId, rerender } = render(<Kept shown />);
    show(getByTestId('/project/a'));
    await act(async () => rerender(<Kept shown={false} />));
    show(getByTestId('/project/a'));
    expect(asked).toEqual(['page /project/a']);
    await act(async () => rerender(<Kept shown />));
    show(getByTestId('/project/a'));
    expect(asked).toEqual(['page /project/a', 'page /project/a']);
  });
});
