import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::share-link.share-link');
