import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { APP_NAME } from '@/config/app';
import { CompassIcon, SparklesIcon } from './icons';
import styles from './coming-soon.module.css';

export interface ComingSoonProps {
  /** The screen's name as a shopper knows it ('Your Bag'). */
  screen: string;
  /** 'Hot Deals are coming soon' rather than 'is'. */
  plural?: boolean;
  /** One line on what the screen will do. */
  description: string;
}

/** A designed placeholder for a screen that a later issue builds. Never a blank page. */
export function ComingSoon({ screen, plural = false, description }: ComingSoonProps) {
  useEffect(() => {
    document.title = `${screen} · ${APP_NAME}`;
  }, [screen]);

  return (
    <section className={styles.wrap} aria-labelledby="coming-soon-title">
      <div className={styles.art} aria-hidden="true">
        <span className={styles.ring} />
        <SparklesIcon size={40} />
      </div>
      <p className={styles.eyebrow}>Coming soon</p>
      <h1 id="coming-soon-title" className={styles.title}>
        {screen} {plural ? 'are' : 'is'} coming soon
      </h1>
      <p className={styles.description}>{description}</p>
      <Link to={paths.home.getHref()} className={styles.cta}>
        <CompassIcon size={20} />
        Back to Explore
      </Link>
    </section>
  );
}
