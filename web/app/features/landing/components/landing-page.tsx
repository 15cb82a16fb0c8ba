import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '~/components/logo';
import { PrefetchWhenIdle } from '~/components/prefetch-when-idle';
import type { Media } from '~/lib/media/media';
import { prefersReducedMotion } from '~/lib/hooks/use-reduced-motion';
import { tokens } from '~/styles/tokens';
import { takeEarlyInputs } from '~/lib/document/early-input';
import { useRotation } from '../use-rotation';
import { EAGER_TILES, type FromLanding } from '~/lib/navigation/grid-entrance';
import { PreloadImagesWhenIdle } from '~/components/preload-images-when-idle';
import { projectTileSizes } from '~/lib/media/image-sizes';
import { useLayout } from '~/lib/hooks/use-layout';
import { useAfterLoad } from '~/lib/hooks/use-after-load';
import { AnimatedTitle } from './animated-title';
import { BackgroundCarousel } from './background-carousel';
import { EnterPrompt } from './enter-prompt';
import { FilingNotice } from './filing-notice';
import styles from './landing.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useLocalePath } from '~/lib/language/language';
import { PAGE } from '~/pages';

export const ENTER_PATH = PAGE.projects;

/** How the landing leaves: sliding over the gallery (a view transition), or sliding, then going. */
type Leaving = false | 'over-gallery' | 'slide';
const SWIPE_MIN_PX = 40;

/** Spec 2 "/login": rotating backgrounds, animated logo and title, and the way in. */
interface LandingPageProps {
  backgrounds: Media[];
  /** The gallery's first covers, fetched ahead while the landing plays. */
  galleryCovers?: ReadonlyArray<{ cover: Media; tall: boolean }>;
  corner?: ReactNode;
}

/**
 * Resolves once the view transition under way has finished: the document's own
 * (`activeViewTransition`), else its pseudo-elements' animations; at most ~2 s of looking for one.
 */
async function viewTransitionDone(): Promise<void> {
  for (let frame = 0; frame < 120; frame += 1) {
    const active = (document as Document & { activeViewTransition?: ViewTransition | null }).activeViewTransition;
    if (active) return active.finished.then(
      () => undefined,
      () => undefined,
    );
    const running = document.getAnimations().filter((animation) => String((animation.effect as KeyframeEffect | null)?.pseudoElement ?? '').startsWith('::view-transition'));
    if (running.length > 0) {
      await Promise.allSettled(running.map((animation) => animation.finished));
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

export function LandingPage({ backgrounds, galleryCovers = [], corner }: LandingPageProps) {
  const { ui, studio } = useUi();
  const localize = useLocalePath();
  const layout = useLayout();
  const navigate = useNavigate();
  const [paused, setPaused] = useState(false);
  const [leaving, setLeaving] = useState<Leaving>(false);
  // The backgrounds turn from the page's load: the next is fetched then, a whole turn before it shows.
  const loaded = useAfterLoad();
  const index = useRotation(backgrounds.length, tokens.duration.landingRotationMs, paused || leaving !== false || !loaded);

  const leave = useCallback(
    () => setLeaving((now) => now || (typeof document.startViewTransition === 'function' ? 'over-gallery' : 'slide')),
    [],
  );

  // The page slides up (1 s) and the visitor is in the gallery (spec 4). Where the browser has view
  // transitions, the gallery is rendered at once beneath the landing as it slides away, so there is
  // never a blank frame; the slide is the tiles' entrance. Elsewhere the landing slides, then the
  // gallery opens.
  useEffect(() => {
    if (!leaving) return;
    const state: FromLanding = { fromLanding: true };
    if (leaving === 'over-gallery') {
      const root = document.documentElement;
      // Asked now, not at render: the page does not render again after hydrating to learn it.
      root.dataset.landingExit = prefersReducedMotion() ? 'fade' : 'slide';
      // The transition starts once the gallery's data is in and runs once the gallery is drawn (on a
      // busy phone, seconds after the click): the mark stays until it has finished, not for a fixed
      // time (it went early, and the slide fell back to the browser's cross-fade half-way).
      void Promise.resolve(navigate(localize(ENTER_PATH), { viewTransition: true, state }))
        .then(viewTransitionDone)
        .finally(() => delete root.dataset.landingExit);
      return;
    }
    const timer = window.setTimeout(() => navigate(localize(ENTER_PATH), { state }), tokens.duration.slideUpMs);
    return () => window.clearTimeout(timer);
  }, [leaving, navigate, localize]);

  // Any wheel scroll, a swipe up on touch screens, or Arrow Down / Page Down.
  useEffect(() => {
    let touchStartY: number | null = null;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY !== 0 || event.deltaX !== 0) leave();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        leave();
      }
    };
    const onTouchStart = (event: TouchEvent) => {
      touchStartY = event.touches[0]?.clientY ?? null;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const endY = event.changedTouches[0]?.clientY;
      if (touchStartY !== null && endY !== undefined && touchStartY - endY > SWIPE_MIN_PX) leave();
      touchStartY = null;
    };
    // What the visitor did before the scripts ran counts too (lib/document/early-input.ts): the first
    // scroll, swipe or key is the way in, not something to do again. It acts at the next frame.
    let wentIn = false;
    for (const input of takeEarlyInputs()) {
      if (input.type === 'wheel' && (input.deltaY !== 0 || input.deltaX !== 0)) wentIn = true;
      if (input.type === 'swipe' && input.dy > SWIPE_MIN_PX) wentIn = true;
      if (input.type === 'key' && (input.key === 'ArrowDown' || input.key === 'PageDown')) wentIn = true;
      touchStartY = input.type === 'touchstart' ? input.y : input.type === 'swipe' ? null : touchStartY;
    }
    const early = wentIn ? requestAnimationFrame(leave) : 0;
    window.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('touchstart', onTouchStart, { passive: true });
    window.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      cancelAnimationFrame(early);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('touchstart', onTouchStart);
      window.removeEventListener('touchend', onTouchEnd);
    };
  }, [leave]);

  return (
    <main className={styles.landing} data-leaving={leaving}>
      <BackgroundCarousel images={backgrounds} index={index} loaded={loaded} />
      <div className={styles.center}>
        <Logo className={styles.logo} showName={false} />
        <AnimatedTitle text={studio.nameLatin} subtitle={studio.tagline} />
      </div>
      <EnterPrompt onEnter={leave} />
      {backgrounds.length > 1 && (
        <button
          type="button"
          className={styles.pause}
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          <span className={styles.pauseIcon} aria-hidden="true" />
          <span className={styles.pauseLabel}>{paused ? ui.resumeBackground : ui.pauseBackground}</span>
        </button>
      )}
      <FilingNotice />
      {/* The gallery is fetched ahead: the way in opens it at once. */}
      <PrefetchWhenIdle pages={[localize(ENTER_PATH)]} />
      <PreloadImagesWhenIdle
        images={galleryCovers.slice(0, EAGER_TILES[layout]).map(({ cover, tall }) => ({ media: cover, sizes: projectTileSizes(cover, tall) }))}
      />
      {corner && <div className={styles.corner}>{corner}</div>}
    </main>
  );
}
