import { Fragment, useRef, type ReactNode } from 'react';
import { MediaItem } from '~/components/media-item';
import { MediaViewer } from '~/components/lazy-media-viewer';
import { useViewerUrl } from '~/lib/media/media-viewer-url';
import { projectLeadPicture, projectMediaOnFirstScreen, projectMediaSizes } from '~/lib/media/image-sizes';
import { useLayout } from '~/lib/hooks/use-layout';
import type { Project } from '../api/project-types';
import { detailMedia } from '../detail-media';
import { PROJECT_TRANSITION } from '../project-transition';
import styles from './project-detail.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';

/** Web: a 400px info panel beside a scrolling column of media. Phone: stacked, media first. */
export function ProjectDetail({ project, pager }: { project: Project; pager: ReactNode }) {
  const { ui, fill } = useUi();
  const textLang = useTextLang();
  const media = detailMedia(project);
  const layout = useLayout();
  const viewer = useViewerUrl(media.length);
  const eager = projectMediaOnFirstScreen(media, layout);
  // The picture the first screen waits for (the lead picture the route preloads) at high priority;
  // the rest of the first screen at once but behind it (decision 022, thirty-fifth pass).
  const lead = projectLeadPicture(media, layout);
  const column = useRef<HTMLDivElement>(null);
  const itemControl = (index: number) => column.current?.querySelector<HTMLElement>(`[data-viewer-item="${index + 1}"]`);
  return (
    <article className={styles.detail}>
      <div className={styles.info}>
        {pager}
        <header className={styles.heading}>
          <h1 className={styles.title} data-morph={PROJECT_TRANSITION.title} {...textLang(project.name)}>
            {project.name}
          </h1>
          <p className={styles.meta}>
            <span {...textLang(project.author)}>{project.author}</span>
            {project.addTime && <time dateTime={project.addTime}>{project.addTime}</time>}
          </p>
        </header>
        {project.description && (
          <p className={styles.description} {...textLang(project.description)}>
            {project.description}
          </p>
        )}
        <p className={styles.note}>{ui.projectNote}</p>
      </div>
      <div ref={column} className={styles.media}>
        {media.map((item, index) => (
          <Fragment key={`${item.url}-${index}`}>
            <MediaItem
              media={item}
              priority={index === lead ? true : index < eager ? 'low' : false}
              sizes={projectMediaSizes(layout)}
              position={index + 1}
              onOpen={() => viewer.open(index)}
              morph={index === 0 ? PROJECT_TRANSITION.media : undefined}
            />
            {/* Phone (issue 30): the panel comes after all the media (spec 2), so the visitor
                learns where they are from a quiet caption under the first picture. The panel's
                heading names the page for screen readers; this is for the eye. */}
            {index === 0 && (
              <p className={styles.firstCaption} aria-hidden="true">
                <span {...textLang(project.name)}>{project.name}</span>
                {media.length > 1 && <span className="tabular-figures">{fill('mediaCount', { count: String(media.length) })}</span>}
              </p>
            )}
          </Fragment>
        ))}
      </div>
      <MediaViewer
        media={media}
        index={viewer.index}
        onMove={viewer.move}
        onClose={viewer.close}
        label={fill('viewer', { name: project.name })}
        title={project.name}
        returnFocusTo={itemControl}
      />
    </article>
  );
}
