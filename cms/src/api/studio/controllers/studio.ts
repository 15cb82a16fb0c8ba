import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::studio.studio');
