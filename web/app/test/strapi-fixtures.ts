/** Strapi-shaped response bodies, as the content service answers the spec's calls. */
export const CMS = 'http://cms.test';

export const image = (name: string, width = 2400, height = 1600) => ({
  id: 1,
  documentId: `file-${name}`,
  url: `/uploads/${name}.jpg`,
  ext: '.jpg',
  name: `${name}.jpg`,
  width,
  height,
  alternativeText: `${name} 的图片`,
  formats: {
    thumbnail: { url: `/uploads/thumbnail_${name}.jpg`, width: 234, height: 156 },
    large: { url: `/uploads/large_${name}.jpg`, width: 1000, height: 667 },
    small: { url: `/uploads/small_${name}.jpg`, width: 500, height: 333 },
    medium: { url: `/uploads/medium_${name}.jpg`, width: 750, height: 500 },
  },
});

export const video = (name: string) => ({ id: 2, documentId: `file-${name}`, url: `/uploads/${name}.mp4`, ext: '.mp4' });

export const projectRow = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: n,
  documentId: `project-${n}`,
  projectName: `项目 ${n}`,
  author: `作者 ${n}`,
  flextype: n % 3 === 0 ? null : 'normal',
  images: [video(`p${n}-film`), image(`p${n}-cover`), image(`p${n}-2`)],
  ...overrides,
});

export const categoriesBody = {
  data: [
    { id: 1, documentId: 'c1', designType: '品牌设计', icontype: 'brand' },
    { id: 2, documentId: 'c2', designType: '空间设计', icontype: 'space' },
  ],
  meta: { pagination: { page: 1, pageSize: 2, pageCount: 1, total: 2 } },
};
