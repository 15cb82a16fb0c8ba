import styles from './close-button.module.css';

interface CloseButtonProps {
  /** What it closes, for screen readers (`ui.closeViewer`, `ui.closeContact`). */
  label: string;
  onClick: () => void;
  /** The cross's drawn size: 22 px on the dark viewer, 20 px in the white panels. */
  size?: 20 | 22;
}

/**
 * The site's one close control: a thin cross in a 44 px target (WCAG 2.5.5), the colour of the
 * surface it sits on, red on hover and keyboard focus like every active state.
 */
export function CloseButton({ label, onClick, size = 20 }: CloseButtonProps) {
  return (
    <button type="button" className={styles.close} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </button>
  );
}
