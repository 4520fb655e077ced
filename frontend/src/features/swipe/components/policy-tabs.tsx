import { useId, useState, type KeyboardEvent } from 'react';
import {
  POLICY_FREE_DELIVERY_ABOVE_RUPEES,
  REFUND_BUSINESS_DAYS,
  RETURN_WINDOW_DAYS,
  STANDARD_SHIPPING_BUSINESS_DAYS,
} from '@/config/app';
import { formatInr } from '@/lib/money';
import styles from './policy-tabs.module.css';

/**
 * The two policies under the stack (001 §2, §9). The specification gives their facts, not their
 * wording: returns within 30 days, the refund 5-7 business days after the return arrives;
 * standard delivery in 3-7 business days, within India only, free above ₹999.
 */
export const POLICIES = [
  {
    tab: 'Return Policy',
    points: [
      `Return any item within ${RETURN_WINDOW_DAYS} days of delivery.`,
      `Your refund reaches you ${REFUND_BUSINESS_DAYS} business days after we receive the return.`,
    ],
  },
  {
    tab: 'Shipping Policy',
    points: [
      `Standard delivery takes ${STANDARD_SHIPPING_BUSINESS_DAYS} business days.`,
      'We deliver within India only.',
      `Free delivery on orders above ${formatInr(POLICY_FREE_DELIVERY_ABOVE_RUPEES * 100)}.`,
    ],
  },
] as const;

type PolicyTab = (typeof POLICIES)[number]['tab'];

/** Return Policy and Shipping Policy tabs, with arrow-key movement between them. */
export function PolicyTabs() {
  const [current, setCurrent] = useState<PolicyTab>('Return Policy');
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;
  const currentIndex = POLICIES.findIndex((policy) => policy.tab === current);
  const policy = POLICIES[currentIndex] ?? POLICIES[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : POLICIES.length - 1;
    const next = (currentIndex + step) % POLICIES.length;
    setCurrent(POLICIES[next]!.tab);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <section className={styles.box} aria-label="Policies">
      <div role="tablist" aria-label="Policies" className={styles.tabs} onKeyDown={onKeyDown}>
        {POLICIES.map(({ tab }, index) => (
          <button
            key={tab}
            id={tabId(index)}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={panelId}
            tabIndex={tab === current ? 0 : -1}
            className={tab === current ? `${styles.tab} ${styles.current}` : styles.tab}
            onClick={() => setCurrent(tab)}
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
        <ul className={styles.points}>
          {policy.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
