import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::contact-mess.contact-mess');
