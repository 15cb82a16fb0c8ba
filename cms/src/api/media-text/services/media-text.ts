import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::media-text.media-text');
