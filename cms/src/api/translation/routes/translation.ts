import { factories } from '@strapi/strapi';

// All core routes exist so editors' API tokens can write; anonymous visitors are limited to
// find/findOne by src/bootstrap/public-permissions.ts.
export default factories.createCoreRouter('api::translation.translation');
