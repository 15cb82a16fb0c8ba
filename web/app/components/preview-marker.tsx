import { useLocation } from 'react-router';
import { useUi } from '~/lib/language/ui-text';
import href from './preview-marker.css?url';

/** Its class names: a plain stylesheet that only a preview links (`preview-marker.css`). */
const styles = { marker: 'preview-marker', dot: 'preview-marker-dot', exit: 'preview-marker-exit' } as const;

/** Shown on every page of a draft preview (issue 16): what this is, and the way out. */
export function PreviewMarker() {
  const { ui } = useUi();
  const { pathname, search } = useLocation();
  return (
    <aside className={styles.marker} role="status" data-preview="true">
      {/* React puts it in <head>; every other visitor's document is without these rules. */}
      <link rel="stylesheet" href={href} precedence="site" />
      <span className={styles.dot} aria-hidden="true" />
      <span>{ui.previewMarker}</span>
      {/* A plain link: leaving preview is a request to the server, which clears its cookie. */}
      <a className={styles.exit} href={`/_preview/exit?path=${encodeURIComponent(`${pathname}${search}`)}`}>
        {ui.exitPreview}
      </a>
    </aside>
  );
}
