import { Blocks } from '~/components/blocks';
import { ResponsiveImage } from '~/components/responsive-image';
import { portraitSizes } from '~/lib/media/image-sizes';
import { useLayout } from '~/lib/hooks/use-layout';
import type { Profile } from '../api/get-profiles.server';
import styles from './profile-list.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';
import { setIdeographicZero } from '~/lib/language/ideographic-zero';

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
                    <img src={badge.formats[0]?.url ?? badge.url} alt={badge.alt} className={styles.badge} loading="lazy" {...textLang(badge.alt)} />
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
