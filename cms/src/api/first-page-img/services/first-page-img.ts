import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::first-page-img.first-page-img');
