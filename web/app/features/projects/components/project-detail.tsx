import type { ReactNode } from 'react';
import { MediaItem } from '../../../components/media-item';
import { MediaViewer } from '../../../components/media-viewer';
import { useViewerUrl } from '../../../lib/media-viewer-url';
import { projectMediaOnFirstScreen, projectMediaSizes } from '../../../lib/image-sizes';
import { useLayout } from '../../../lib/use-layout';
import type { Project } from '../api/project-types';
import styles from './project-detail.module.css';
import { UI, fill } from '../../../lib/ui-text';

/** Spec 2: the project's media except the first (the cover, already seen in the grid). */
export const detailMedia = (project: Project) => project.media.slice(1);

/** Web: a 400px info panel beside a scrolling column of media. Phone: stacked, media first. */
export function ProjectDetail({ project, pager }: { project: Project; pager: ReactNode }) {
  const media = detailMedia(project);
  const layout = useLayout();
  const viewer = useViewerUrl(media.length);
  const eager = projectMediaOnFirstScreen(media, layout);
  return (
    <article className={styles.detail}>
      <div className={styles.info}>
        {pager}
        <header className={styles.heading}>
          <h1 className={styles.title}>{project.name}</h1>
          <p className={styles.meta}>
            <span>{project.author}</span>
            {project.addTime && <time dateTime={project.addTime}>{project.addTime}</time>}
          </p>
        </header>
        {project.description && <p className={styles.description}>{project.description}</p>}
        <p className={styles.note}>{UI.projectNote}</p>
      </div>
      <div className={styles.media}>
        {media.map((item, index) => (
          <MediaItem
            key={`${item.url}-${index}`}
            media={item}
            priority={index < eager}
            sizes={projectMediaSizes(layout)}
            position={index + 1}
            onOpen={() => viewer.open(index)}
          />
        ))}
      </div>
      <MediaViewer
        media={media}
        index={viewer.index}
        onMove={viewer.move}
        onClose={viewer.close}
        label={fill('viewer', { name: project.name })}
      />
    </article>
  );
}
