import {
  createContext,
  Suspense,
  use,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSignInPromptActions, useSignInPromptReason } from '@/stores/sign-in-prompt';
import { CloseIcon } from './icons';
import { Spinner } from './spinner';
import styles from './sign-in-prompt.module.css';

export const SIGN_IN_PROMPT_TITLE = 'Sign in to continue';

/** What the sheet gives the login steps it shows. */
export interface SignInSheetBodyProps {
  /** Closes the sheet; every field goes with it (000 §2.3). */
  close: () => void;
}

/**
 * Renders the login steps shown in the sheet (features/auth). The app provides it so that this
 * shared sheet imports no feature.
 */
export const SignInSheetBody = createContext<((props: SignInSheetBodyProps) => ReactNode) | null>(
  null,
);

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
  const renderBody = use(SignInSheetBody);
  const sheetRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const reasonId = useId();
  // Read while rendering, before the body's first field takes focus on mount.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const sheet = sheetRef.current;
    if (sheet && !sheet.contains(document.activeElement)) sheet.focus();
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
  }, [close, opener]);

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
        <h2 id={titleId} className={styles.title}>
          {SIGN_IN_PROMPT_TITLE}
        </h2>
        <p id={reasonId} className={styles.reason}>
          {reason}
        </p>
        <button type="button" className={styles.close} onClick={close} aria-label="Close">
          <CloseIcon size={20} />
        </button>
        {renderBody && (
          // The body may still be loading its code: wait inside the sheet, not the page.
          <Suspense
            fallback={
              <div className={styles.loading}>
                <Spinner color="purple" label="Loading..." />
              </div>
            }
          >
            {renderBody({ close })}
          </Suspense>
        )}
      </div>
    </div>
  );
}

/**
 * The app's one sign-in sheet (000 §1, §2.3: actions that need an account ask for it), opened
 * through stores/sign-in-prompt with the reason it shows at the top.
 */
export function SignInPrompt() {
  const reason = useSignInPromptReason();
  return reason === null ? null : <SignInSheet reason={reason} />;
}
