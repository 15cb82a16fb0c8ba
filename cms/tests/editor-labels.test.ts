import { beforeAll, describe, expect, it } from 'vitest';
import { adminJwt, call, dataOf } from './support/api';

const TYPES = {
  'api::category.category': ['designType', 'icontype'],
  'api::project.project': ['projectName', 'author', 'flextype', 'addTime', 'description', 'images', 'category'],
  'api::article.article': ['articleName', 'articleTime', 'articleChief', 'articleImage', 'articleContent'],
  'api::profilelist.profilelist': ['profileName', 'profileDescribe', 'profileIcon', 'awardimage', 'awardList'],
  'api::first-page-img.first-page-img': ['NavigationPage'],
  'api::contact-mess.contact-mess': ['wechatimg', 'woaImage', 'address', 'phonenum', 'mail'],
  'api::studio.studio': ['name', 'nameLatin', 'subtitle', 'tagline', 'description', 'copyrightHolder', 'filingNumber', 'filingUrl', 'country', 'themeColor', 'logo', 'shareImage'],
};

type Metadatas = Record<string, { edit: { label?: string; description?: string } }>;

describe('the admin shows editors a label and a description for every field', () => {
  let jwt: string;
  // One login for the file: Strapi rate-limits admin logins.
  beforeAll(async () => {
    jwt = await adminJwt();
  });

  it.each(Object.entries(TYPES))('%s', async (uid, fields) => {
    const response = await call(`/content-manager/content-types/${uid}/configuration`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(response.status).toBe(200);
    const { metadatas } = dataOf<{ contentType: { metadatas: Metadatas } }>(response).contentType;
    for (const field of fields) {
      expect(metadatas[field]?.edit.label, `${uid}.${field} label`).toMatch(/\w/);
      expect(metadatas[field]?.edit.label).not.toBe(field);
      expect(metadatas[field]?.edit.description?.length ?? 0, `${uid}.${field} description`).toBeGreaterThan(10);
    }
  });
});
