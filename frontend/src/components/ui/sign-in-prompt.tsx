import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSignInPromptActions, useSignInPromptReason } from '@/stores/sign-in-prompt';
import { UserIcon } from './icons';
import styles from './sign-in-prompt.module.css';

export const SIGN_IN_PROMPT_TITLE = 'Sign in to continue';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/** Wraps Tab and Shift+Tab at the sheet's edges so focus stays in the modal. */
function keepFocusInside(sheet: HTMLElement, event: KeyboardEvent): void {
  const focusable = sheet.querySelectorAll<HTMLElement>(FOCUSABLE);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === sheet)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !sheet.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function SignInSheet({ reason }: { reason: string }) {
  const { close } = useSignInPromptActions();
  const sheetRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const reasonId = useId();

  useEffect(() => {
    const sheet = sheetRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (event.key === 'Tab' && sheet) keepFocusInside(sheet, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to the heart (or whatever opened the sheet), as a native dialog does.
      opener?.focus();
    };
  }, [close]);

  return (
    <div className={styles.layer}>
      <div
        className={styles.backdrop}
        onClick={close}
        aria-hidden="true"
        data-testid="sheet-backdrop"
      />
      <div
        ref={sheetRef}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={reasonId}
        tabIndex={-1}
      >
        <span className={styles.grabber} aria-hidden="true" />
        <span className={styles.art} aria-hidden="true">
          <UserIcon size={28} />
        </span>
        <h2 id={titleId} className={styles.title}>
          {SIGN_IN_PROMPT_TITLE}
        </h2>
        <p id={reasonId} className={styles.reason}>
          {reason}
        </p>
        <div className={styles.actions}>
          <Link to={paths.profile.getHref()} className={styles.primary} onClick={close}>
            Sign In
          </Link>
          <button type="button" className={styles.secondary} onClick={close}>
            Not now
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The app's one sign-in prompt (000 §1: actions that need an account ask for it), a bottom sheet
 * opened through stores/sign-in-prompt. The sign-in issue replaces its body with the login steps.
 */
export function SignInPrompt() {
  const reason = useSignInPromptReason();
  return reason === null ? null : <SignInSheet reason={reason} />;
}
