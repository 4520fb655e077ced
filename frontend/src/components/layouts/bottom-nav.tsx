import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useBag } from '@/hooks/use-bag';
import { formatBadgeCount } from '@/lib/format-count';
import { CountBadge } from '@/components/ui/count-badge';
import {
  BagIcon,
  CompassIcon,
  GridIcon,
  SwipeIcon,
  TrendingIcon,
  type IconProps,
} from '@/components/ui/icons';
import styles from './bottom-nav.module.css';

interface Tab {
  label: string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Paths that highlight this tab: the index is the swipe screen too (000 §2.1). */
  activeOn: readonly string[];
  showsBagCount?: boolean;
}

const TABS: readonly Tab[] = [
  {
    label: 'Swipe',
    href: paths.swipe.getHref(),
    icon: SwipeIcon,
    activeOn: [paths.root.path, paths.swipe.path],
  },
  { label: 'Explore', href: paths.home.getHref(), icon: CompassIcon, activeOn: [paths.home.path] },
  {
    label: 'Collection',
    href: paths.collection.getHref(),
    icon: GridIcon,
    activeOn: [paths.collection.path],
  },
  { label: 'Trends', href: paths.trends.getHref(), icon: TrendingIcon, activeOn: [paths.trends.path] },
  {
    label: 'Bag',
    href: paths.bag.getHref(),
    icon: BagIcon,
    activeOn: [paths.bag.path],
    showsBagCount: true,
  },
];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The five-tab bottom navigation (000 §2.2). */
export function BottomNav() {
  const pathname = normalise(useLocation().pathname);
  // Visitors have no bag (the query waits for a session); a failed read shows no count.
  const bagCount = useBag().data?.totalItems ?? 0;

  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.list}>
        {TABS.map(({ label, href, icon: Icon, activeOn, showsBagCount }) => {
          const active = activeOn.includes(pathname);
          const count = showsBagCount ? bagCount : 0;
          return (
            <li key={href}>
              <Link
                to={href}
                className={`${styles.tab} ${active ? styles.active : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                <span className={styles.iconWrap}>
                  <Icon size={22} strokeWidth={active ? 2.2 : 1.8} />
                  <CountBadge count={count} />
                </span>
                <span className={styles.label}>{label}</span>
                {/* The name holds the visible label first (the badge is only a picture of it). */}
                {count > 0 && (
                  <span className="visually-hidden">
                    , {formatBadgeCount(count)} {count === 1 ? 'item' : 'items'}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
