import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { cmsEnvAtStart } from '../src/env';

const config = (): Core.Config.Database => {
  const env = cmsEnvAtStart();
  const pg = env.postgres;

  if (pg) {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: pg.DATABASE_URL,
          host: pg.DATABASE_HOST,
          port: pg.DATABASE_PORT,
          database: pg.DATABASE_NAME,
          user: pg.DATABASE_USERNAME,
          password: pg.DATABASE_PASSWORD,
          ssl: pg.DATABASE_SSL && {
            rejectUnauthorized: pg.DATABASE_SSL_REJECT_UNAUTHORIZED,
          },
          schema: pg.DATABASE_SCHEMA,
          // No query runs for minutes holding a connection (the public query guard keeps anonymous
          // queries small; this is the database's own limit behind it).
          statement_timeout: pg.DATABASE_STATEMENT_TIMEOUT_MS,
        },
        pool: { min: pg.DATABASE_POOL_MIN, max: pg.DATABASE_POOL_MAX },
      },
    };
  }

  return {
    connection: {
      client: 'sqlite',
      connection: {
        // Relative to the compiled config (dist/config) so `strapi start` and `strapi develop` agree.
        filename: path.resolve(__dirname, '..', '..', env.DATABASE_FILENAME),
      },
      useNullAsDefault: true,
    },
  };
};

export default config;
