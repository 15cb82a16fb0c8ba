import { useContext } from 'react';
import { ContactOverlayOpened } from '../../shell/components/contact-overlay';
import type { ContactInfo } from '../api/contact-types';
import styles from './contact-details.module.css';

/** The contact panel's content: two QR codes with captions, then address, phone and mail. */
export function ContactDetails({ contact }: { contact: ContactInfo | null }) {
  const shown = useContext(ContactOverlayOpened);
  if (!contact) return null; // spec 8: nothing to show when the content could not be loaded
  const codes = [
    { media: contact.wechat, caption: '微信' },
    { media: contact.officialAccount, caption: '公众号' },
  ];
  return (
    <div className={styles.details}>
      <div className={styles.codes}>
        {codes.map(({ media, caption }) =>
          media ? (
            <figure key={caption} className={styles.code}>
              {shown ? (
                <img src={media.url} alt={media.alt || `${caption}二维码`} width={100} height={100} decoding="async" />
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
            <dt>地址</dt>
            <dd>{contact.address}</dd>
          </div>
        )}
        {contact.phone && (
          <div>
            <dt>电话</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
            </dd>
          </div>
        )}
        {contact.mail && (
          <div>
            <dt>邮箱</dt>
            <dd>
              <a href={`mailto:${contact.mail}`}>{contact.mail}</a>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
