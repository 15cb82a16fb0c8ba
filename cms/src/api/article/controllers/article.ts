import { factories } from '@strapi/strapi';
import { wholeListMeta } from '../../../utils/whole-list';

export default factories.createCoreController('api::article.article', () => ({
  async find(ctx) {
    const response = await super.find(ctx);
    const data = Array.isArray(response?.data) ? response.data : [];
    return { ...response, meta: { ...response?.meta, pagination: wholeListMeta(response?.meta?.pagination, data.length) } };
  },
}));
