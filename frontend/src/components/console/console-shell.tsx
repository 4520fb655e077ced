import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import styles from './console.module.css';

export interface ConsoleLink {
  label: string;
  href: string;
  /** Current only on its own address, not on the addresses below it. */
  end?: boolean;
}

/**
 * The frame both consoles share: the sections as a sidebar on a wide screen (a scrolling row
 * on a phone), a header with the page's title and who is signed in, then the page.
 */
export function ConsoleShell({
  label,
  links,
  title,
  who,
  tools,
  children,
}: {
  /** The navigation's accessible name: the console's. */
  label: string;
  links: readonly ConsoleLink[];
  title: string;
  who?: string;
  /** Controls that apply to every page of the console (the admin's brand picker). */
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.console}>
      <nav className={styles.sidebar} aria-label={label}>
        {links.map((link) => (
          <NavLink key={link.href} to={link.href} end={link.end} className={styles.navLink}>
            {link.label}
          </NavLink>
        ))}
        <NavLink to={paths.profile.getHref()} className={`${styles.navLink} ${styles.navBack}`}>
          Back to the shop
        </NavLink>
      </nav>
      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {who && (
            <p className={styles.who} data-testid="console-who">
              {who}
            </p>
          )}
          {tools}
        </header>
        {children}
      </div>
    </div>
  );
}
