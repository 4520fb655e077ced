import type { ReactNode } from 'react';
import { CONTACT } from '@/config/app';
import { paths } from '@/config/paths';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';
import { TitleBar } from '@/components/ui/title-bar';
import { useGoBack } from '@/hooks/use-go-back';
import styles from './privacy-page.module.css';

/**
 * The operator's name is not in the specification (001 §1 "Operator": ours to write); until it
 * is known the page names no company. The contact details are the footer's placeholders.
 */
export const OPERATOR_NAME = 'The shop';

interface Section {
  id: string;
  heading: string;
  body: ReactNode;
}

/** What the browser keeps (000 §3), in the words a shopper would use. */
const BROWSER_STORAGE: readonly [string, string][] = [
  [
    'userData',
    'your profile as the app shows it: name, e-mail, phone, date of birth, gender, location and style preferences',
  ],
  ['email, phone, userId', 'copies of your e-mail, phone number and account id'],
  ['recentlyViewed', 'the last 5 products you opened'],
  ['searchHistory', 'your last 10 searches'],
];

const SECTIONS: readonly Section[] = [
  {
    id: 'collect',
    heading: 'Data we collect',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your e-mail address, name, phone number, date of birth and
          gender.
        </li>
        <li>
          <strong>Delivery:</strong> your location and delivery addresses, with the name, phone and
          e-mail you give for a delivery.
        </li>
        <li>
          <strong>Style:</strong> the interests, fits and age range you choose during onboarding.
        </li>
        <li>
          <strong>Shopping:</strong> your swipes, curated list, bag, orders, cancellation requests
          and searches.
        </li>
        <li>
          <strong>Support:</strong> the messages you send in the support chat.
        </li>
        <li>
          <strong>Device:</strong> your browser&apos;s name and version, sent along with swipes.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>To sign you in with a code sent to your e-mail and keep you signed in.</li>
        <li>
          To take payment, deliver your orders and work out delivery times and fees for your
          address.
        </li>
        <li>To suggest products and looks that fit your style, and to rank what is trending.</li>
        <li>To answer your questions in the support chat.</li>
        <li>
          To keep the shop safe, for example by limiting how often a sign-in code can be asked for.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    heading: 'Sharing',
    body: (
      <>
        <p>We do not sell your data. We share only what a service needs to do its part:</p>
        <ul>
          <li>our card payment provider, to take your payment;</li>
          <li>our mail service, to send your sign-in codes;</li>
          <li>our address-search service, with the address text you search for;</li>
          <li>our delivery partners, with the name, phone and address of a delivery;</li>
          <li>the brand of a product you order, to fulfil the order and review a cancellation;</li>
          <li>the assistant service that may answer support chat messages for us.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We use one cookie, <code>shop_session</code>, set when you sign in. It is an HttpOnly
          cookie: the shop&apos;s pages cannot read it, only our server can. It lasts 7 days, is
          renewed while you use the shop and is cleared when you log out. There are no advertising
          or tracking cookies.
        </p>
        <p>The app also keeps these items in your browser&apos;s local storage:</p>
        <dl className={styles.storage}>
          {BROWSER_STORAGE.map(([key, meaning]) => (
            <div key={key}>
              <dt>
                <code>{key}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>
          They stay on your device. Logging out removes your profile and address; recently viewed
          products and searches stay until you clear your browser&apos;s site data.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <ul>
        <li>
          Sign-in codes have 6 digits, work once, expire after 10 minutes and are stored only in a
          form that cannot be turned back into the code.
        </li>
        <li>Your session is signed by our server and travels only in the HttpOnly cookie.</li>
        <li>Logging out, or deleting your account, ends your sessions on every device.</li>
        <li>
          You enter card details with our card payment provider; we do not receive your card number.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <ul>
        <li>
          <strong>See and correct</strong> your name, e-mail, date of birth and gender in Manage
          Account.
        </li>
        <li>
          <strong>Delete</strong> your account in Manage Account. Your name, e-mail, phone, date of
          birth, location, addresses and preferences are erased; order records stay, without them.
        </li>
        <li>
          <strong>Sign out everywhere</strong> by logging out.
        </li>
        <li>
          <strong>Ask us</strong> about anything else, such as changing your phone number, using the
          details below.
        </li>
      </ul>
    ),
  },
];

/** Privacy (/privacy, 001 §2): static text with a back button and a contact block. */
export function PrivacyPage() {
  const goBack = useGoBack(paths.profile.getHref());
  return (
    <article className={styles.page} aria-labelledby="privacy-title">
      <TitleBar title="Privacy Policy" titleId="privacy-title" onBack={goBack} />

      <p className={styles.lead}>
        This policy explains what we collect when you use the shop, why, who we share it with and
        the choices you have.
      </p>

      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className={styles.section}
          aria-labelledby={`privacy-${section.id}`}
        >
          <h2 id={`privacy-${section.id}`} className={styles.heading}>
            {section.heading}
          </h2>
          <div className={styles.body}>{section.body}</div>
        </section>
      ))}

      <section className={`${styles.section} ${styles.contact}`} aria-labelledby="privacy-contact">
        <h2 id="privacy-contact" className={styles.heading}>
          Contact us
        </h2>
        <p className={styles.body}>For questions or requests about your data, write or call:</p>
        <address className={styles.address}>
          <strong>{OPERATOR_NAME}</strong>
          <span>Customer Support</span>
          <a href={`mailto:${CONTACT.email}`}>
            <MailIcon size={16} />
            {CONTACT.email}
          </a>
          <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>
            <PhoneIcon size={16} />
            {CONTACT.phone}
          </a>
          <span>
            <MapPinIcon size={16} />
            {CONTACT.city}
          </span>
        </address>
      </section>
    </article>
  );
}
