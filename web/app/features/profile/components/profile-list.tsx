import { Blocks } from '~/components/blocks';
import { ResponsiveImage } from '~/components/responsive-image';
import { portraitSizes } from '~/lib/media/image-sizes';
import { imageSources, isResizable, type Media } from '~/lib/media/media';
import { tokens } from '~/styles/tokens';
import { useLayout } from '~/lib/hooks/use-layout';
import type { Profile } from '../api/get-profiles.server';
import styles from './profile-list.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';
import { setIdeographicZero } from '~/lib/language/ideographic-zero';

/**
 * An award image at its drawn size (spec 9: 32 px high): through the image endpoint where it can
 * be resized (a 2 KB AVIF instead of Strapi's 7–12 KB thumbnail JPEG), with its size set so it
 * takes its place before it arrives. On a phone the badges are on the first screen, and each
 * byte of theirs is one the portrait waits behind on a slow link (decision 022, ninth pass).
 */
function badgeSources(badge: Media) {
  const height = tokens.size.awardImageHeight;
  const width = badge.width && badge.height ? Math.round((height * badge.width) / badge.height) : undefined;
  if (!isResizable(badge)) return { src: badge.formats[0]?.url ?? badge.url, width, height };
  const { src, srcSet } = imageSources(badge);
  // Of unknown proportions, the browser sizes it from its box once laid out (it loads lazily).
  return { src, srcSet, sizes: width ? `${width}px` : `auto, ${height * 3}px`, width, height };
}

/** Spec 2: a centred column; each profile with portrait, name, award lines, description, award images. */
export function ProfileList({ profiles }: { profiles: Profile[] }) {
  const { ui } = useUi();
  const textLang = useTextLang();
  const layout = useLayout();
  return (
    <div className={styles.column}>
      {profiles.map((profile, index) => (
        <section key={profile.documentId} className={styles.profile} aria-labelledby={`profile-${profile.documentId}`}>
          {profile.portrait && (
            <ResponsiveImage media={profile.portrait} cropped className={styles.portrait} sizes={portraitSizes(profile.portrait, layout)} priority={index === 0} />
          )}
          <div className={styles.body}>
            <h2 id={`profile-${profile.documentId}`} className={styles.name} {...textLang(profile.name)}>
              {profile.name}
            </h2>
            <Blocks content={profile.awards} className={styles.awards} />
            {profile.description && (
              <p className={styles.description} {...textLang(profile.description)}>
                {setIdeographicZero(profile.description)}
              </p>
            )}
            {profile.awardImages.length > 0 && (
              <ul className={styles.badges} aria-label={ui.awards}>
                {profile.awardImages.map((badge, badgeIndex) => (
                  <li key={`${badge.url}-${badgeIndex}`}>
                    <img {...badgeSources(badge)} alt={badge.alt} className={styles.badge} loading="lazy" {...textLang(badge.alt)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
