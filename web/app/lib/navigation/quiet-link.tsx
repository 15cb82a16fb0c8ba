import { forwardRef, startTransition, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link, useNavigate, UNSAFE_NavigationContext as NavigationContext } from 'react-router';
import { useReducedMotion } from '~/lib/hooks/use-reduced-motion';
import { moveInTransition } from './move-transition';

export interface QuietLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of the site from its root (`/dailyPage/project/…?documentId=…`): every link the site makes is one. */
  to: string;
  /** Navigation state for the page opened (the list the visitor came from). */
  state?: unknown;
  /**
   * The move is a view transition unless the visitor asks for less motion (`moveInTransition`,
   * started at the click). Decided at the click: a link asking at render (`useReducedMotion`)
   * rendered again right after hydrating, every tile of the grid in one task that cannot yield,
   * since the server assumes less motion.
   */
  viewTransition?: boolean;
  /** With `viewTransition`: the path of the page whose marked elements (`data-morph`) move with it. */
  morph?: string;
}

/** A click the page handles itself: the main button, no key held for a new tab or window, no other target. */
export const ownClick = (event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>, target: string | undefined) =>
  event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** Whether `to` is the address the browser shows now (both as the browser writes them: `?category=品牌` is `%E5%93%81…`). */
const shown = (to: string) => {
  const url = new URL(to, window.location.href);
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash === window.location.hash;
};

/** An address from the site's root (`/…`, not `//host/…`): nothing to resolve against a route. */
export const rootAddress = (to: string) => to.startsWith('/') && !to.startsWith('//');

/**
 * React Router's `<Link>` for an address from the site's root, that does not render again while the
 * router moves: the same anchor, click and navigation (`navigate(to, { state })`, replacing the
 * history entry when `to` is the address shown, in a transition holding the move's promise when
 * the router makes its moves in transitions, as `<Link>` does; its view transition is the site's
 * own, `moveInTransition`). Any other `to` (a relative address, another site) is handed to
 * `<Link>`, which resolves it.
 *
 * A `<Link>` resolves its `to` against the route it is in (`useHref`, `useResolvedPath`), so it
 * reads React Router's route context, which is made new with every change of the router's state.
 * Every link on the screen then rendered again, with its anchor's handlers and ref, at each step
 * of a move (the move starts, its data is there, the page changes), memoised or not: 42 links,
 * twice, before a project appeared over the grid (issue 41: a move's time is the main thread's).
 * An address from the root has nothing to resolve, and a data router's `navigate` and settings do
 * not change while the page is open.
 */
export const QuietLink = forwardRef<HTMLAnchorElement, QuietLinkProps>(function QuietLink(props, ref) {
  if (rootAddress(props.to)) return <QuietAnchor {...props} ref={ref} />;
  if (props.viewTransition) return <ResolvedLink {...props} ref={ref} />;
  const { morph: _morph, ...link } = props;
  return <Link {...link} ref={ref} />;
});

const ResolvedLink = forwardRef<HTMLAnchorElement, QuietLinkProps>(function ResolvedLink({ viewTransition, morph: _morph, ...props }, ref) {
  const reducedMotion = useReducedMotion();
  return <Link {...props} viewTransition={viewTransition && !reducedMotion} ref={ref} />;
});

const QuietAnchor = forwardRef<HTMLAnchorElement, QuietLinkProps>(function QuietAnchor({ to, state, viewTransition, morph, onClick, target, ...rest }, ref) {
  const navigate = useNavigate();
  const { useTransitions } = useContext(NavigationContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !ownClick(event, target)) return;
    event.preventDefault();
    const go = () => navigate(to, { state, replace: shown(to) });
    const move = () => {
      if (useTransitions) startTransition(go);
      else void go();
    };
    if (viewTransition) moveInTransition(move, { morph });
    else move();
  };
  // No `data-discover`: with every route in the first manifest (`routeDiscovery: 'initial'`) nothing reads it.
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />;
});
