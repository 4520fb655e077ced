import { APP_NAME, CONTACT } from '@/config/app';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import styles from './footer.module.css';

/** Contact details and copyright (000 §2.2; height 80, 001 §9). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <address className={styles.contact}>
        <a href={`mailto:${CONTACT.email}`}>
          <MailIcon size={14} />
          {CONTACT.email}
        </a>
        <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>
          <PhoneIcon size={14} />
          {CONTACT.phone}
        </a>
      </address>
      <p>
        © {year} {APP_NAME}. {CONTACT.city}. All rights reserved.
      </p>
    </footer>
  );
}
