import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ArrowLeftIcon, HeartIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import { useGoBack } from '@/hooks/use-go-back';
import styles from './page-header.module.css';

export type HeaderLink = 'search' | 'curatedList' | 'profile';

const HEADER_LINKS: Record<HeaderLink, { label: string; href: string; icon: ReactNode }> = {
  search: { label: 'Search', href: paths.search.getHref(), icon: <SearchIcon size={22} /> },
  curatedList: {
    label: 'Curated list',
    href: paths.curatedList.getHref(),
    icon: <HeartIcon size={22} />,
  },
  profile: { label: 'Profile', href: paths.profile.getHref(), icon: <UserIcon size={22} /> },
};

export interface PageHeaderProps {
  title: string;
  subtitle: string;
  /** The icon links on the right, in order. */
  links: readonly HeaderLink[];
}

/** The offer screens' sticky bar under the shell's header: back, title, subtitle, links. */
export function PageHeader({ title, subtitle, links }: PageHeaderProps) {
  const goBack = useGoBack();
  return (
    <div className={styles.bar}>
      <button type="button" className={styles.iconButton} onClick={goBack} aria-label="Back">
        <ArrowLeftIcon size={22} />
      </button>
      <div className={styles.titles}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      <nav className={styles.links} aria-label={`${title} shortcuts`}>
        {links.map((key) => (
          <Link
            key={key}
            to={HEADER_LINKS[key].href}
            className={styles.iconButton}
            aria-label={HEADER_LINKS[key].label}
          >
            {HEADER_LINKS[key].icon}
          </Link>
        ))}
      </nav>
    </div>
  );
}
