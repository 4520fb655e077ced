import { useState } from 'react';
import {
  FREE_DELIVERY_ABOVE_RUPEES,
  REFUND_BUSINESS_DAYS,
  RETURN_WINDOW_DAYS,
  STANDARD_DELIVERY_DAYS,
} from '@/config/app';
import { UnderlineTabs } from '@/components/ui/underline-tabs';
import { formatInr } from '@/lib/money';
import styles from './policy-tabs.module.css';

/**
 * The two policies under the stack (001 §2, §9). The specification gives their facts, not their
 * wording: returns within 30 days, the refund 5-7 business days after the return arrives;
 * standard delivery within India only. Its lead time and free-delivery threshold are the ones
 * checkout shows (config/app.ts): the specification's 3-7 business days and ₹999 contradict them.
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
      `Standard delivery arrives in ${STANDARD_DELIVERY_DAYS} days.`,
      'We deliver within India only.',
      `Free delivery on orders above ${formatInr(FREE_DELIVERY_ABOVE_RUPEES * 100)}.`,
    ],
  },
] as const;

type PolicyTab = (typeof POLICIES)[number]['tab'];

const TABS: readonly PolicyTab[] = POLICIES.map((policy) => policy.tab);

/** Return Policy and Shipping Policy tabs, with arrow-key movement between them. */
export function PolicyTabs() {
  const [current, setCurrent] = useState<PolicyTab>('Return Policy');
  const policy = POLICIES.find((each) => each.tab === current) ?? POLICIES[0];

  return (
    <section className={styles.box} aria-label="Policies">
      <UnderlineTabs label="Policies" tabs={TABS} current={current} onChange={setCurrent}>
        <ul className={styles.points}>
          {policy.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </UnderlineTabs>
    </section>
  );
}
