import { useId } from 'react';
import { TUTORIAL_STEPS } from '@/lib/swipe';
import { CloseIcon, SwipeHandIcon } from '@/components/ui/icons';
import styles from './swipe-tutorial.module.css';

export const TUTORIAL_TITLE = 'How to swipe';

/** The two steps (001 §4); the specification shows their timing, not their words. */
export const TUTORIAL_TEXTS: readonly { title: string; text: string; direction: 'right' | 'left' }[] =
  [
    {
      title: 'Swipe right to like',
      text: 'Liked products are saved to your curated list.',
      direction: 'right',
    },
    {
      title: 'Swipe left to skip',
      text: 'Not your style? The next card is one step away.',
      direction: 'left',
    },
  ];

/** The tutorial over the stack; it steps and closes by itself, or with Close. */
export function SwipeTutorial({ step, onClose }: { step: number; onClose: () => void }) {
  const titleId = useId();
  const current = TUTORIAL_TEXTS[step] ?? TUTORIAL_TEXTS[0]!;
  return (
    <div className={styles.overlay} role="dialog" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {TUTORIAL_TITLE}
      </h2>
      <button type="button" className={styles.close} onClick={onClose} aria-label="Close tutorial">
        <CloseIcon size={20} />
      </button>
      <div className={styles.step} aria-live="polite">
        <span
          className={`${styles.hand} ${current.direction === 'right' ? styles.right : styles.left}`}
          aria-hidden="true"
        >
          <SwipeHandIcon size={56} />
        </span>
        <p className={styles.stepTitle}>{current.title}</p>
        <p className={styles.text}>{current.text}</p>
        <p className={styles.count}>
          Step {step + 1} of {TUTORIAL_STEPS}
        </p>
      </div>
    </div>
  );
}
