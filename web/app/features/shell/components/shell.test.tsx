import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ALL_CATEGORY } from '~/lib/content/category';
import { ACTIVE_MENU_STORAGE_KEY } from '../active-menu';
import { Shell } from './shell';

const categories = [ALL_CATEGORY, { designType: '品牌设计', icontype: 'brand' }];

function renderShell(path: string) {
  const Layout = () => (
    <Shell categories={categories} contact={<p>联系方式内容</p>}>
      <Outlet />
    </Shell>
  );
  const Stub = createRoutesStub([
    {
      path: '/dailyPage',
      Component: Layout,
      children: [
        { path: 'project', Component: () => <h1>项目页</h1> },
        { path: 'article', Component: () => <h1>文章页</h1> },
        { path: 'profile', Component: () => <h1>简介页</h1> },
      ],
    },
    { path: '/login', Component: () => <h1>首页</h1> },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const isOpen = (element: HTMLElement) => element.getAttribute('data-open') === 'true';

describe('the shell', () => {
  it('opens one panel at a time', async () => {
    const user = userEvent.setup();
    renderShell('/dailyPage/project');
    const menu = screen.getByRole('button', { name: '菜单' });
    const filter = screen.getByRole('button', { name: '筛选分类' });

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'CONTACT' }));
    expect(isOpen(screen.getByRole('dialog', { name: 'CONTACT' }).parentElement!)).toBe(true);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(filter).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes everything when a menu item is chosen, and stores the new menu', async () => {
    const user = userEvent.setup();
    renderShell('/dailyPage/project');
    await user.click(screen.getByRole('button', { name: '菜单' }));
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    await user.click(within(nav).getByRole('link', { name: 'TOPICS' }));

    expect(await screen.findByRole('heading', { name: '文章页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'TOPICS' })).toHaveAttribute('aria-current', 'page');
    expect(window.sessionStorage.getItem(ACTIVE_MENU_STORAGE_KEY)).toBe('TOPICS');
  });

  it('shows the category filter only while PROJECTS is active', () => {
    renderShell('/dailyPage/profile');
    expect(screen.queryByRole('button', { name: '筛选分类' })).not.toBeInTheDocument();
  });

  it('closes the contact overlay with Escape and returns focus to the control that opened it', async () => {
    const user = userEvent.setup();
    renderShell('/dailyPage/project');
    await user.click(screen.getByRole('button', { name: '菜单' }));
    const contact = screen.getByRole('button', { name: 'CONTACT' });
    await user.click(contact);
    expect(screen.getByRole('button', { name: '关闭联系方式' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'CONTACT' }).parentElement).toHaveAttribute('data-open', 'false');
  });

  it('lists ALL first in the category drawer and links each category into the URL', async () => {
    const user = userEvent.setup();
    renderShell('/dailyPage/project');
    await user.click(screen.getByRole('button', { name: '筛选分类' }));
    const links = within(screen.getByRole('navigation', { name: '项目分类' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['ALL', '品牌设计']);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).toHaveAttribute('href', '/dailyPage/project?category=%E5%93%81%E7%89%8C%E8%AE%BE%E8%AE%A1');
  });
});
