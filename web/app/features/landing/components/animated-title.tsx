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
      <span className={styles.subtitle}>{subtitle}</span>
    </h1>
  );
}
