import { Children, useRef, type CSSProperties, type ReactNode } from 'react';
import { useAutoScroll } from '@/hooks/use-auto-scroll';
import styles from './carousel.module.css';

export interface CarouselProps {
  /** The list's accessible name ('Trending products'). */
  label: string;
  /** One item per child. */
  children: ReactNode;
  /** Auto-advance period: hero and trending 4 s, brands 3 s (000 §9). Omit for a still row. */
  intervalMs?: number;
  /** Each item's width, a CSS length: '156px' cards, '100%' hero banners. */
  itemWidth?: string;
  /** Marks a loading row (aria-busy); it does not move. */
  busy?: boolean;
  className?: string;
}

/**
 * A horizontal, snapping row that advances by itself. useAutoScroll pauses it on touch, hover
 * and focus, in a hidden tab, and for people who ask for reduced motion.
 */
export function Carousel({
  label,
  children,
  intervalMs,
  itemWidth = '156px',
  busy = false,
  className,
}: CarouselProps) {
  const ref = useRef<HTMLUListElement>(null);
  const scrolls = !busy && Children.count(children) > 1;
  const moving = intervalMs !== undefined && scrolls;
  useAutoScroll(ref, intervalMs ?? 0, moving);

  return (
    <ul
      ref={ref}
      className={[styles.scroller, className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-busy={busy || undefined}
      // A keyboard reaches the row and scrolls it with the arrows; focus pauses a moving one.
      tabIndex={scrolls ? 0 : undefined}
      style={{ '--carousel-item': itemWidth } as CSSProperties}
    >
      {Children.map(children, (child) => (
        <li className={styles.item}>{child}</li>
      ))}
    </ul>
  );
}
