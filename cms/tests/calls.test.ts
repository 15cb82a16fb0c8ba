import { describe, expect, it } from 'vitest';
import { call, dataOf } from './support/api';
import * as q from './support/queries';

type Entry = Record<string, unknown>;
type Media = { url: string; ext: string };

const keys = (entry: Entry) => Object.keys(entry).sort();

describe('the calls of spec section 7 answer an anonymous client', () => {
  it('lists projects with only the selected fields, images with url and ext, by name', async () => {
    const response = await call(q.PROJECTS);
    expect(response.status).toBe(200);
    const projects = dataOf<Entry[]>(response);
    expect(projects.length).toBe(30);
    for (const project of projects) {
      expect(keys(project)).toEqual(['author', 'documentId', 'flextype', 'id', 'images', 'projectName']);
      for (const image of project.images as Entry[]) {
        expect(keys(image)).toEqual(['documentId', 'ext', 'id', 'url']);
      }
    }
    const names = projects.map((project) => String(project.projectName));
    expect(names).toEqual([...names].sort());
  });

  it('filters projects by category designType', async () => {
    const categories = dataOf<Entry[]>(await call(q.CATEGORIES));
    let total = 0;
    for (const category of categories) {
      const response = await call(q.projectsOf(String(category.designType)));
      expect(response.status).toBe(200);
      const projects = dataOf<Entry[]>(response);
      expect(projects.length).toBeGreaterThan(0);
      total += projects.length;
    }
    expect(total).toBe(30);
    expect(dataOf<Entry[]>(await call(q.projectsOf('不存在的分类')))).toEqual([]);
  });

  it('reads one project by documentId with its images', async () => {
    const [first] = dataOf<Entry[]>(await call(q.PROJECTS));
    const response = await call(q.project(String(first.documentId)));
    expect(response.status).toBe(200);
    const project = dataOf<Entry>(response);
    expect(project).toMatchObject({ documentId: first.documentId, projectName: first.projectName });
    expect(project).toHaveProperty('description');
    expect(project).toHaveProperty('addTime');
    expect((project.images as Media[]).map((image) => image.url)).toEqual((first.images as Media[]).map((image) => image.url));
  });

  it('lists articles with name, time and chief text and their media', async () => {
    const response = await call(q.ARTICLES);
    expect(response.status).toBe(200);
    const articles = dataOf<Entry[]>(response);
    expect(articles.length).toBe(8);
    for (const entry of articles) {
      expect(keys(entry)).toEqual(['articleChief', 'articleImage', 'articleName', 'articleTime', 'documentId', 'id']);
    }
  });

  it('reads one article with its blocks content', async () => {
    const [first] = dataOf<Entry[]>(await call(q.ARTICLES));
    const response = await call(q.article(String(first.documentId)));
    expect(response.status).toBe(200);
    const entry = dataOf<Entry>(response);
    expect(Array.isArray(entry.articleContent)).toBe(true);
    expect((entry.articleImage as Media[]).length).toBeGreaterThan(0);
  });

  it('lists categories, landing images, profiles and the contact info', async () => {
    const categories = dataOf<Entry[]>(await call(q.CATEGORIES));
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(keys(categories[0])).toEqual(expect.arrayContaining(['designType', 'icontype', 'documentId']));

    const landing = dataOf<Entry[]>(await call(q.FIRST_PAGE_IMGS));
    expect(landing.length).toBeGreaterThanOrEqual(5);
    expect(keys(landing[0].NavigationPage as Entry)).toEqual(['documentId', 'id', 'name', 'url']);

    const profiles = dataOf<Entry[]>(await call(q.PROFILES));
    expect(profiles.length).toBe(3);
    expect(keys(profiles[0].profileIcon as Entry)).toEqual(['documentId', 'id', 'url']);

    const contact = dataOf<Entry>(await call(q.CONTACT));
    expect(contact).toMatchObject({ address: expect.any(String), phonenum: expect.any(String), mail: expect.any(String) });
    expect(keys(contact.wechatimg as Entry)).toEqual(['documentId', 'id', 'url']);
    expect(keys(contact.woaImage as Entry)).toEqual(['documentId', 'id', 'url']);
  });

  it('also answers the richer media fields the site asks for (formats, size, alt text)', async () => {
    const response = await call(
      '/api/projects?fields[0]=projectName&populate[images][fields][0]=url&populate[images][fields][1]=ext' +
        '&populate[images][fields][2]=width&populate[images][fields][3]=height&populate[images][fields][4]=formats' +
        '&populate[images][fields][5]=alternativeText&populate[images][fields][6]=mime',
    );
    expect(response.status).toBe(200);
    const [first] = dataOf<Array<{ images: Array<Record<string, unknown>> }>>(response);
    expect(first.images[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number), alternativeText: expect.any(String) });
  });
});
