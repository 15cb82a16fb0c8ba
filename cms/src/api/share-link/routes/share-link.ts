import { factories } from '@strapi/strapi';

// Editors' API tokens may manage share links; visitors have no permission on them at all (403).
export default factories.createCoreRouter('api::share-link.share-link');
