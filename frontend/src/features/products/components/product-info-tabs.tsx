import { useId, useState, type KeyboardEvent } from 'react';
import type { ProductSpecifications } from '@/lib/product';
import styles from './product-info-tabs.module.css';

/** 000 §2.12: the six specification rows, in this order. */
const SPECIFICATION_ROWS: readonly { key: keyof ProductSpecifications; label: string }[] = [
  { key: 'pattern', label: 'Pattern' },
  { key: 'length', label: 'Length' },
  { key: 'fabric', label: 'Fabric' },
  { key: 'sleeveLength', label: 'Sleeve Length' },
  { key: 'fit', label: 'Fit' },
  { key: 'distress', label: 'Distress' },
];

const TABS = ['SPECIFICATION', 'DESCRIPTION'] as const;
type Tab = (typeof TABS)[number];

interface ProductInfoTabsProps {
  specifications: ProductSpecifications | undefined;
  description: string | undefined;
}

/** SPECIFICATION and DESCRIPTION tabs (000 §2.12), with arrow-key movement between them. */
export function ProductInfoTabs({ specifications, description }: ProductInfoTabsProps) {
  const [current, setCurrent] = useState<Tab>('SPECIFICATION');
  const id = useId();
  const tabId = (tab: Tab) => `${id}-${tab}-tab`;
  const panelId = (tab: Tab) => `${id}-${tab}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(current) + 1) % TABS.length]!;
    setCurrent(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className={styles.tabsBox}>
      <div
        role="tablist"
        aria-label="Product details"
        className={styles.tabs}
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={panelId(tab)}
            tabIndex={tab === current ? 0 : -1}
            className={tab === current ? `${styles.tab} ${styles.current}` : styles.tab}
            onClick={() => setCurrent(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div
        id={panelId(current)}
        role="tabpanel"
        aria-labelledby={tabId(current)}
        tabIndex={0}
        className={styles.panel}
      >
        {current === 'SPECIFICATION' ? (
          <dl className={styles.specs}>
            {SPECIFICATION_ROWS.map((row) => (
              <div key={row.key} className={styles.spec}>
                <dt className={styles.term}>{row.label}</dt>
                <dd className={styles.value}>{specifications?.[row.key] || '—'}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className={styles.description}>{description || '—'}</p>
        )}
      </div>
    </div>
  );
}
