import { useContext } from 'react';
import { preinit } from 'react-dom';
import { Links, UNSAFE_FrameworkContext as FrameworkContext, useMatches } from 'react-router';
import { InlineStylesheets } from '~/lib/document/inline-stylesheets';

/**
 * The stylesheets of the routes on the page (the root's, then each matched route's: decision 022)
 * go inside the page as React `<style>` resources at the top of <head>: a phone paints without
 * waiting for another request, and a page carries only the rules it can use. A route the visitor
 * moves to later links its own as a React stylesheet resource, which the move waits for: React
 * Router's guard waits for a route's stylesheets before it first runs the route's code, and React
 * holds a transition's commit for a stylesheet it preloads itself (one the site preloaded ahead, it
 * takes as come: `fetchRoutesAhead`). Where the server cannot inline them (the development
 * server), they are linked first instead, ahead of the script preloads that would otherwise queue
 * before them on HTTP/1.1's six connections.
 */
export function SiteLinks() {
  const framework = useContext(FrameworkContext);
  const inlined = useContext(InlineStylesheets);
  const matches = useMatches();
  const rootCss = framework?.manifest.routes.root?.css ?? [];
  if (!framework || !inlined || !rootCss.every((href) => inlined.has(href))) {
    for (const href of rootCss) preinit(href, { as: 'style', precedence: 'site' });
    return <Links />;
  }
  // In the cascade, what a module imports comes before the module, as in one built stylesheet: a
  // page's own rules (`.awards p`) win over the shared component's (`.blocks p`). React Router lists
  // a route's stylesheets the other way round (its own chunk first, then what it imports, depth
  // first), so each route's list is reversed; the root's and the layout's come first.
  const hrefs = [...new Set(matches.flatMap((match) => [...(framework.manifest.routes[match.id]?.css ?? [])].reverse()))];
  // React Router would link the same stylesheets again, without React's precedence.
  const routes = Object.fromEntries(Object.entries(framework.manifest.routes).map(([id, route]) => [id, route && { ...route, css: [] }]));
  const withoutCss = { ...framework, manifest: { ...framework.manifest, routes } };
  return (
    <>
      {hrefs.map((href) =>
        inlined.has(href) ? (
          <style key={href} href={href} precedence="site" nonce={framework.nonce}>
            {inlined.get(href)}
          </style>
        ) : (
          <link key={href} rel="stylesheet" href={href} precedence="site" />
        ),
      )}
      <FrameworkContext.Provider value={withoutCss}>
        <Links />
      </FrameworkContext.Provider>
    </>
  );
}
