import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

/**
 * A page's own error boundary (every route under the shell exports it): a page whose
 * loader or render fails shows the studio's error state inside the shell, so the header, menu and
 * language toggle stay, and the server answers 500. Never a stack trace: the error goes to the log.
 * An unknown project or article (404) shows the site's 404 page, also inside the shell.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage inShell />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage />;
}
