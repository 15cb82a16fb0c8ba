import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ui-text.ui-text');
