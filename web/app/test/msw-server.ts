import { setupServer } from 'msw/node';

/** No default handlers: each test declares the CMS answers it relies on. */
export const server = setupServer();
