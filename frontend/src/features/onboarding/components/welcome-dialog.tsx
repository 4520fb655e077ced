import { useEffect, useId, useRef } from 'react';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import { APP_NAME } from '@/config/app';
import { SparklesIcon } from '@/components/ui/icons';
import styles from './onboarding.module.css';

/** After onboarding (000 §2.4): a welcome, then the shop. Its one button is the way on. */
export function WelcomeDialog({ name, onDone }: { name: string; onDone: () => void }) {
  const titleId = useId();
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Escape goes on as the one button does.
  const panel = useFocusTrap<HTMLDivElement>(onDone);

  useEffect(() => {
    button.current?.focus();
  }, []);

  return (
    <div className={styles.welcomeLayer}>
      <div
        ref={panel}
        tabIndex={-1}
        className={styles.welcome}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <span className={styles.welcomeIcon} aria-hidden="true">
          <SparklesIcon size={32} />
        </span>
        <h2 id={titleId} className={styles.welcomeTitle}>
          Welcome to {APP_NAME}, {name}!
        </h2>
        <p id={textId} className={styles.welcomeText}>
          Your feed is tuned to your style. Swipe right on what you love.
        </p>
        <button ref={button} type="button" className={styles.primary} onClick={onDone}>
          Start Shopping
        </button>
      </div>
    </div>
  );
}
