import { describe, expect, it } from 'vitest';
import { call } from './support/api';

const errorOf = (body: unknown) => (body as { error?: { status?: number; message?: string } }).error;

describe('client mistakes get a clear 4xx, never a 500', () => {
  it.each(['/api/projects/no-such-project', '/api/articles/no-such-article', '/api/categories/unknown'])(
    'answers 404 for an unknown documentId (%s)',
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(errorOf(response.body)?.status).toBe(404);
    },
  );

  it.each([
    ['an unknown populate key', '/api/projects?populate[nope][fields][0]=url'],
    ['an unknown field', '/api/projects?fields[0]=secret'],
    ['an unknown sort key', '/api/projects?sort[0]=nope:asc'],
    ['an unknown filter operator', '/api/projects?filters[projectName][$nope]=x'],
    ['a filter on an unknown relation field', '/api/projects?filters[category][nope][$eq]=x'],
  ])('answers 400 for %s', async (_what, path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    expect(errorOf(response.body)?.message).toEqual(expect.any(String));
  });
});
