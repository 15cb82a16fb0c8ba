import type { Core } from '@strapi/strapi';
import { required } from '../src/utils/required-env';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: {
    secret: required(env('ADMIN_JWT_SECRET'), 'ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: required(env('API_TOKEN_SALT'), 'API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: required(env('TRANSFER_TOKEN_SALT'), 'TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: required(env('ENCRYPTION_KEY'), 'ENCRYPTION_KEY'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});

export default config;
