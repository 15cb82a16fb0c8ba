import type { CSSProperties } from 'react';
import styles from './landing.module.css';

/** Spec 2: the studio name as animated letters (3 s each, 0.2 s later per letter). */
export function AnimatedTitle({ text, subtitle }: { text: string; subtitle: string }) {
  return (
    <h1 className={styles.title}>
      <span className="visually-hidden">{text}</span>
      <span className={styles.letters} aria-hidden="true">
        {[...text].map((letter, index) => (
          <span key={index} className={styles.letter} style={{ '--letter': index } as CSSProperties}>
            {letter === ' ' ? '\u00a0' : letter}
          </span>
        ))}
      </span>
      <Subtitle text={subtitle} />
    </h1>
  );
}

const SEPARATOR = ' · ';

/**
 * The studio's tagline, its name then its fields ("Name · Brand · Space"): one line where it fits;
 * on a phone two, the name over the fields, never a separator left at a line's end (issue 30).
 */
function Subtitle({ text }: { text: string }) {
  const at = text.indexOf(SEPARATOR);
  if (at < 0) return <span className={styles.subtitle}>{text}</span>;
  return (
    <span className={styles.subtitle}>
      <span className={styles.subtitlePart}>{text.slice(0, at)}</span>
      <span className={styles.subtitleBreak}>{SEPARATOR}</span>
      <span className={styles.subtitlePart}>{text.slice(at + SEPARATOR.length)}</span>
    </span>
  );
}
