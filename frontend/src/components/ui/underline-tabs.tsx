import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styles from './underline-tabs.module.css';

interface UnderlineTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** The tabs' captions, which are also their values. */
  tabs: readonly T[];
  current: T;
  onChange: (tab: T) => void;
  /** The captions' own type, such as letter-spacing for capitals. */
  tabClassName?: string;
  /** The current tab's panel. */
  children: ReactNode;
}

/**
 * A row of tabs, the current one underlined in ink, over its one panel; the arrow keys move
 * between the tabs (the product page's details, the swipe screen's policies).
 */
export function UnderlineTabs<T extends string>({
  label,
  tabs,
  current,
  onChange,
  tabClassName,
  children,
}: UnderlineTabsProps<T>) {
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;
  const currentIndex = tabs.indexOf(current);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = (currentIndex + step) % tabs.length;
    onChange(tabs[next]!);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab}
            id={tabId(index)}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={panelId}
            tabIndex={tab === current ? 0 : -1}
            className={[styles.tab, tab === current && styles.current, tabClassName]
              .filter(Boolean)
              .join(' ')}
            onClick={() => onChange(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(currentIndex)}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </>
  );
}
