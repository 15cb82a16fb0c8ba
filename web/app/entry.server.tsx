import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { cspContext } from '~/lib/request/csp.server';
import { deferHydration } from '~/lib/document/deferred-hydration.server';
import { InlineStylesheets } from '~/lib/document/inline-stylesheets';
import { stylesheetText } from '~/lib/document/inline-stylesheets.server';
import { wordmarkFaceContext } from '~/lib/document/wordmark-face.server';

export const streamTimeout = 5_000;

/**
 * The built stylesheets of the routes this page renders (not the whole site's: decision 022) with
 * their text, when the server can inline them, and the studio's wordmark face (made for this
 * studio on the server, always inline).
 */
function inlineStylesheets(routerContext: EntryContext, wordmark: { href: string; css: string } | null): ReadonlyMap<string, string> | null {
  const inlined = new Map<string, string>();
  for (const { route } of routerContext.staticHandlerContext.matches) {
    for (const href of routerContext.manifest.routes[route.id]?.css ?? []) {
      const text = stylesheetText(href);
      if (text !== undefined) inlined.set(href, text);
    }
  }
  if (wordmark) inlined.set(wordmark.href, wordmark.css);
  return inlined.size > 0 ? inlined : null;
}

/**
 * React Router's Node entry (streaming, whole documents for bots), with the page's stylesheets inlined and
 * this response's CSP nonce on every script and style the page carries inline.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const lateErrors: unknown[] = [];
    const userAgent = request.headers.get('user-agent');
    // Whole documents from the built site, as for bots: a page's loaders have finished before it
    // renders, so only React Router's own hydration data suspends, for a tick. Sent as the shell was
    // ready, a page came out in one of two forms depending on that tick: with the data in streamed
    // chunks and React's reveal script (up to 660 B more with Brotli, and a longer policy of script
    // hashes) or without. The page cache keeps what one render made for every visitor; whole, every
    // copy is the smaller one (decision 022, tenth pass). The development server streams.
    const readyOption: keyof RenderToPipeableStreamOptions = !import.meta.env.DEV || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const nonce = loadContext.get(cspContext).nonce || undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;

    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheets.Provider value={inlineStylesheets(routerContext, loadContext.get(wordmarkFaceContext))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheets.Provider>,
      {
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        [readyOption]() {
          shellRendered = true;
          for (const error of lateErrors) console.error(error);
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          // Built pages load their scripts after the first screen (lib/document/deferred-hydration.server.ts);
          // the development server keeps React Router's own loading for hot reload.
          if (import.meta.env.DEV) pipe(body);
          else {
            // One pipeline: a visitor who leaves stops React, an error reaches the response.
            const deferred = deferHydration();
            pipeline(deferred, body, () => {});
            pipe(deferred);
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject and are logged by React Router; others, kept
          // until the whole page is ready (a shell that fails never gets there), are logged then.
          if (shellRendered) console.error(error);
          else lateErrors.push(error);
        },
      },
    );
    // Armed once React has the render: a render that could not start (it threw, and the promise was
    // rejected: a 500) left a timer that called `abort` before it existed, 6 s later, and that
    // uncaught error took the whole server down with every request in it.
    timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
