import { useState } from 'react';
import { UnderlineTabs } from '@/components/ui/underline-tabs';
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

  return (
    <div className={styles.tabsBox}>
      <UnderlineTabs
        label="Product details"
        tabs={TABS}
        current={current}
        onChange={setCurrent}
        tabClassName={styles.caps}
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
      </UnderlineTabs>
    </div>
  );
}
