import { useEffect, useState, type RefObject } from 'react';
import { useUi } from '~/lib/language/ui-text';
import styles from './video-controls.module.css';

interface VideoState {
  playing: boolean;
  muted: boolean;
  /** Share played, 0 to 1. */
  progress: number;
}

/** The video's state as its own events report it (played, paused, muted, time). */
function useVideoState(video: RefObject<HTMLVideoElement | null>): VideoState {
  const [state, setState] = useState<VideoState>({ playing: false, muted: true, progress: 0 });
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const read = () =>
      setState({ playing: !element.paused, muted: element.muted, progress: element.duration > 0 ? Math.min(1, element.currentTime / element.duration) : 0 });
    const events = ['play', 'pause', 'volumechange', 'timeupdate', 'loadedmetadata', 'ended'] as const;
    for (const event of events) element.addEventListener(event, read);
    read();
    return () => {
      for (const event of events) element.removeEventListener(event, read);
    };
  }, [video]);
  return state;
}

/**
 * Quiet controls for a video (issue 30), in the page and in the viewer, instead of the browser's:
 * play/pause and sound as two small buttons in the lower left, named for what they do, and a
 * hairline beside them, inside the picture, for how far it has played. Keyboard: Tab reaches both buttons.
 */
export function VideoControls({ video }: { video: RefObject<HTMLVideoElement | null> }) {
  const { ui } = useUi();
  const { playing, muted, progress } = useVideoState(video);
  return (
    <div className={styles.controls}>
      <div className={styles.buttons}>
        <button
          type="button"
          className={styles.button}
          aria-label={playing ? ui.pauseVideo : ui.playVideo}
          onClick={() => {
            const element = video.current;
            if (!element) return;
            if (element.paused) void element.play().catch(() => undefined);
            else element.pause();
          }}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className={styles.button}
          aria-label={muted ? ui.unmuteVideo : ui.muteVideo}
          onClick={() => {
            if (video.current) toggleSound(video.current);
          }}
        >
          {muted ? <MutedIcon /> : <SoundIcon />}
        </button>
      </div>
      <div className={styles.track} role="progressbar" aria-label={ui.videoProgress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
        <span className={styles.played} style={{ transform: `scaleX(${progress})` }} />
      </div>
    </div>
  );
}

function toggleSound(element: HTMLVideoElement) {
  element.muted = !element.muted;
}

const PlayIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
  </svg>
);
const SoundIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
    <path d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9" fill="none" stroke="currentColor" strokeWidth="1.3" />
  </svg>
);
const MutedIcon = () => (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
    <path d="M11 6l4 4M15 6l-4 4" fill="none" stroke="currentColor" strokeWidth="1.3" />
  </svg>
);
