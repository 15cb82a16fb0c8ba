import { compactScript } from './compact-script';
/**
 * No gesture is lost before the scripts run (issue 26). The page's scripts start after its first
 * screen (decision records 011 and 013); until they have run, a tap on a button does nothing and a
 * swipe or wheel on the landing page has no listener. This records what the visitor does in that
 * window, starts the scripts at once, and hands the gestures to the page when it comes alive:
 * - a click on a button (the menu, the language toggle, a picture that opens full screen, the way
 *   in) is replayed on the same button, which is marked `data-early-pending` meanwhile;
 * - wheel, swipe and key gestures are kept for the page that has a use for them (the landing
 *   page's way in, `takeEarlyInputs`).
 * Links need nothing: before the scripts they are plain links. The context menu is turned off here
 * too (spec 1), so a right click right after arriving opens none. The recorder is a classic inline
 * script at the top of the document (`EARLY_INPUT_SCRIPT`), so it listens from the first byte.
 */
export type EarlyInput =
  | { type: 'click'; target: Element; path: number[] }
  | { type: 'wheel'; deltaX: number; deltaY: number }
  | { type: 'touchstart'; y: number }
  | { type: 'swipe'; dy: number }
  | { type: 'key'; key: string };

interface EarlyRecord {
  inputs: EarlyInput[];
  started: boolean;
  /** React is hydrating: it sees (and replays) clicks from now on itself. */
  reactListens: boolean;
  done: boolean;
  onInput: (() => void) | null;
  /** The address the server rendered this document for (path and query). */
  rendered: string;
  /** Where Back or Forward took the visitor before the scripts ran, if anywhere else. */
  movedTo?: string;
  /** The router has asked for `movedTo` (it asks once). */
  moveTaken?: boolean;
}

declare global {
  interface Window {
    __studioEarly?: EarlyRecord;
  }
}

/** Marks a button tapped before the scripts ran, until its tap is replayed. */
export const EARLY_PENDING = 'data-early-pending';

// Plain ES5 in the page (no modules, no build): it runs before anything else does.
export const EARLY_INPUT_SCRIPT = compactScript(`(function () {
  var early = window.__studioEarly = { inputs: [], started: false, reactListens: false, done: false, onInput: null, rendered: location.pathname + location.search };
  function note(input) {
    if (early.done) return;
    if (input && early.inputs.length < 16) early.inputs.push(input);
    if (!early.started) { early.started = true; if (early.onInput) early.onInput(); }
  }
  function pathOf(element) {
    var path = [];
    for (; element && element.parentElement; element = element.parentElement) path.unshift(Array.prototype.indexOf.call(element.parentElement.children, element));
    return path;
  }
  var passive = { capture: true, passive: true };
  addEventListener('click', function (event) {
    var button = !early.done && !early.reactListens && event.target instanceof Element ? event.target.closest('button') : null;
    if (button) button.setAttribute('${EARLY_PENDING}', '');
    note(button ? { type: 'click', target: button, path: pathOf(button) } : null);
  }, true);
  addEventListener('wheel', function (event) { note({ type: 'wheel', deltaX: event.deltaX, deltaY: event.deltaY }); }, passive);
  var startY = null;
  addEventListener('touchstart', function (event) {
    startY = event.touches[0] ? event.touches[0].clientY : null;
    note(startY === null ? null : { type: 'touchstart', y: startY });
  }, passive);
  addEventListener('touchend', function (event) {
    var touch = event.changedTouches[0];
    if (startY !== null && touch) note({ type: 'swipe', dy: startY - touch.clientY });
    startY = null;
  }, passive);
  addEventListener('keydown', function (event) { note({ type: 'key', key: event.key }); }, true);
  addEventListener('pointerdown', function () { note(null); }, true);
  addEventListener('scroll', function () { note(null); }, passive);
  addEventListener('popstate', function () { note(null); });
  // Spec 1: no context menu, from the first paint (not only once the scripts have run).
  addEventListener('contextmenu', function (event) { event.preventDefault(); }, true);
})();`);

/** The gestures made before the scripts ran that are not clicks (for the page that acts on them). */
export function takeEarlyInputs(): EarlyInput[] {
  const early = typeof window === 'undefined' ? undefined : window.__studioEarly;
  if (!early || early.done) return [];
  const gestures = early.inputs.filter((input) => input.type !== 'click');
  early.inputs = early.inputs.filter((input) => input.type === 'click');
  return gestures;
}

/**
 * Called just before React hydrates: from then on React listens itself (and replays a click on a
 * part it has not hydrated yet), so a click is no longer recorded here; gestures still are.
 */
export function handEarlyClicksToReact(): void {
  const early = window.__studioEarly;
  if (!early) return;
  early.reactListens = true;
  // Back or Forward within this document before the scripts ran (an entry the page's router had
  // pushed, before a reload): the address changed, the page did not, and the router would start on
  // the new address with the old page's data. It starts where the page was rendered instead and
  // goes where the visitor asked once alive (`takeEarlyMove`).
  const here = location.pathname + location.search;
  if (here !== early.rendered) {
    early.movedTo = here + location.hash;
    history.replaceState(history.state, '', early.rendered);
  }
}

/**
 * Where Back or Forward took the visitor before the scripts ran, for the router to go (asked once,
 * after hydration). `startedOn` is the address the router started on: a Back that lands after
 * `handEarlyClicksToReact` but before React creates the router starts the router on the new address
 * with the old page's data, so that too is a move to make (found by CI: a filtered grid at the
 * unfiltered address).
 */
export function takeEarlyMove(startedOn: string): string | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__studioEarly;
  if (!early || early.moveTaken) return undefined;
  early.moveTaken = true;
  const movedTo = early.movedTo;
  early.movedTo = undefined;
  if (movedTo) return movedTo;
  const startedPath = startedOn.replace(/#.*$/, '');
  return startedPath === early.rendered ? undefined : startedOn;
}

/** The element at `path` (child indices below <html>), if the page still has one there. */
function elementAt(path: readonly number[]): Element | null {
  let element: Element | null = document.documentElement;
  for (const index of path) element = element?.children[index] ?? null;
  return element;
}

/**
 * Once the page is alive: replays every button tap made before, in order, on the same button (or
 * the one in its place if hydration rebuilt it), and stops recording. Called once, after hydration.
 */
export function replayEarlyInputs(): void {
  const early = window.__studioEarly;
  if (!early || early.done) return;
  early.done = true;
  const clicks = early.inputs.filter((input): input is Extract<EarlyInput, { type: 'click' }> => input.type === 'click');
  early.inputs = [];
  for (const pending of document.querySelectorAll(`[${EARLY_PENDING}]`)) pending.removeAttribute(EARLY_PENDING);
  for (const click of clicks) {
    const target = click.target.isConnected ? click.target : elementAt(click.path);
    if (target instanceof HTMLElement && target.tagName === 'BUTTON') target.click();
  }
}
