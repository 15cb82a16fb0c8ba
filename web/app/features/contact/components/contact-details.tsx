import { useContext } from 'react';
import { ContactOverlayOpened } from '../../shell/components/contact-overlay';
import type { ContactInfo } from '../api/contact-types';
import styles from './contact-details.module.css';
import { UI, fill } from '../../../lib/ui-text';

/** The contact panel's content: two QR codes with captions, then address, phone and mail. */
export function ContactDetails({ contact }: { contact: ContactInfo | null }) {
  const shown = useContext(ContactOverlayOpened);
  if (!contact) return null; // spec 8: nothing to show when the content could not be loaded
  const codes = [
    { media: contact.wechat, caption: UI.wechat },
    { media: contact.officialAccount, caption: UI.officialAccount },
  ];
  return (
    <div className={styles.details}>
      <div className={styles.codes}>
        {codes.map(({ media, caption }) =>
          media ? (
            <figure key={caption} className={styles.code}>
              {shown ? (
                <img src={media.url} alt={media.alt || fill('qrCode', { caption })} width={100} height={100} decoding="async" />
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
            <dt>{UI.address}</dt>
            <dd>{contact.address}</dd>
          </div>
        )}
        {contact.phone && (
          <div>
            <dt>{UI.phone}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </dd>
          </div>
        )}
        {contact.mail && (
          <div>
            <dt>{UI.email}</dt>
            <dd>
              <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
