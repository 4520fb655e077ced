import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons';
import styles from './section-header.module.css';

export interface SectionHeaderProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  /** An 18 px icon in an accent tile before the title. */
  icon?: ReactNode;
  /** 'View All' or 'Show More'. */
  link?: { label: string; to: string };
  className?: string;
}

/** A home-style section heading with an optional 'View All' link (000 §2.5). */
export function SectionHeader({ id, title, icon, link, className }: SectionHeaderProps) {
  return (
    <div className={[styles.header, className].filter(Boolean).join(' ')}>
      <h2 id={id} className={styles.title}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        {title}
      </h2>
      {link && (
        // Described by the title, so several 'View All' links stay told apart.
        <Link to={link.to} className={styles.link} aria-describedby={id}>
          {link.label}
          <ChevronRightIcon size={16} />
        </Link>
      )}
    </div>
  );
}
