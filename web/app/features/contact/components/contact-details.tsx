import { useContext } from 'react';
import { OverlayOpened } from '~/components/overlay-opened';
import type { ContactInfo } from '../api/contact-types';
import styles from './contact-details.module.css';
import { useUi } from '~/lib/language/ui-text';
import { useTextLang } from '~/lib/language/language';

/** The contact panel's content: two QR codes with captions, then address, phone and mail. */
export function ContactDetails({ contact }: { contact: ContactInfo | null }) {
  const { ui, fill } = useUi();
  const textLang = useTextLang();
  const shown = useContext(OverlayOpened);
  if (!contact) return null; // spec 8: nothing to show when the content could not be loaded
  const codes = [
    { media: contact.wechat, caption: ui.wechat },
    { media: contact.officialAccount, caption: ui.officialAccount },
  ];
  return (
    <div className={styles.details}>
      <div className={styles.codes}>
        {codes.map(({ media, caption }) =>
          media ? (
            <figure key={caption} className={styles.code}>
              {shown ? (
                <img src={media.url} alt={media.alt || fill('qrCode', { caption })} width={100} height={100} decoding="async" {...textLang(media.alt)} />
              ) : (
                <span className={styles.codePlaceholder} />
              )}
              <figcaption>{caption}</figcaption>
            </figure>
          ) : null,
        )}
      </div>
      <dl className={styles.lines}>
        {contact.address && (
          <div>
            <dt>{ui.address}</dt>
            <dd {...textLang(contact.address)}>{contact.address}</dd>
          </div>
        )}
        {contact.phone && (
          <div>
            <dt>{ui.phone}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </dd>
          </div>
        )}
        {contact.mail && (
          <div>
            <dt>{ui.email}</dt>
            <dd>
              <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
