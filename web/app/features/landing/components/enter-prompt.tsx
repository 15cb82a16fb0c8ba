import type { CSSProperties } from 'react';
import styles from './landing.module.css';
import { useUi } from '~/lib/language/ui-text';

const PROMPT = 'CLICK OR SCROLL';

/** "CLICK OR SCROLL" with a wave running through its letters; a button, so Enter and Space work. */
export function EnterPrompt({ onEnter }: { onEnter: () => void }) {
  const { ui } = useUi();
  return (
    <button type="button" className={styles.prompt} onClick={onEnter}>
      {/* Named by its content, not aria-label: the drawn letters are hidden from assistive tech
          and this says what they say and where they go (WCAG 2.5.3). */}
      <span className="visually-hidden">{ui.enterGallery}</span>
      <span aria-hidden="true">
        {[...PROMPT].map((letter, index) => (
          <span key={index} className={styles.wave} style={{ '--letter': index } as CSSProperties}>
            {letter === ' ' ? '\u00a0' : letter}
          </span>
        ))}
      </span>
      <span className={styles.chevron} aria-hidden="true" />
    </button>
  );
}
