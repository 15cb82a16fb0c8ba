import { winston } from '@strapi/logger';
import { cmsEnvAtStart, type CmsEnv } from '../src/env';

type RequestContext = { get(): { state?: { requestId?: unknown } } | undefined };

/** The id of the request a line is written for (src/middlewares/request-id.ts), if any. */
const requestId = winston.format((info) => {
  const context = (globalThis as { strapi?: { requestContext?: RequestContext } }).strapi?.requestContext;
  const id = context?.get()?.state?.requestId;
  if (typeof id === 'string' && info.reqId === undefined) info.reqId = id;
  return info;
});

/**
 * The CMS's log. By default Strapi's own readable lines (the developer's console, unchanged; the
 * request line ends with its id in brackets); with CMS_LOG_FORMAT=json one JSON object a line for
 * a log collector, every line written while serving a request carrying its id (`reqId`: the site's
 * x-request-id when the site made the call).
 */
export function loggerConfig(env: Pick<CmsEnv, 'CMS_LOG_FORMAT'>) {
  if (env.CMS_LOG_FORMAT !== 'json') return {};
  const format = winston.format.combine(requestId(), winston.format.timestamp(), winston.format.errors({ stack: true }), winston.format.json());
  return { format, transports: [new winston.transports.Console()] };
}

export default () => loggerConfig(cmsEnvAtStart());
