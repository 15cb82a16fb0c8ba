import { render, screen } from '@testing-library/react';
import { createRoutesStub, data, Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_CATEGORY } from '~/lib/content/category';
import { Shell } from '~/features/shell/components/shell';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(() => vi.restoreAllMocks());

/** The /dailyPage shell around one page whose loader fails the way `fail` says. */
function renderFailingPage(fail: () => never) {
  const Layout = () => (
    <Shell categories={[ALL_CATEGORY]} contact={<p>联系方式</p>}>
      <Outlet />
    </Shell>
  );
  const Stub = createRoutesStub([
    {
      path: '/dailyPage',
      Component: Layout,
      children: [{ path: 'article/:id', loader: fail, Component: () => <h1>文章</h1>, ErrorBoundary: RouteErrorBoundary }],
    },
  ]);
  return render(<Stub initialEntries={['/dailyPage/article/a1']} />);
}

describe("a page's own error boundary", () => {
  it('keeps the shell (header and menu) around the error state, and logs the error instead of showing it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingPage(() => {
      throw new Error('loader exploded at /srv/app/article.ts:12');
    });
    expect(await screen.findByRole('heading', { level: 1, name: '页面暂时无法显示，请稍后再试。' })).toBeVisible();
    expect(screen.getByRole('button', { name: '菜单' })).toBeVisible();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/exploded|\/srv\/app/);
    expect(logged).toHaveBeenCalled();
  });

  it('shows the 404 page inside the shell for an unknown entry', async () => {
    renderFailingPage(() => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: '抱歉，您访问的页面不存在。' })).toBeVisible();
    expect(screen.getByRole('button', { name: '菜单' })).toBeVisible();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
