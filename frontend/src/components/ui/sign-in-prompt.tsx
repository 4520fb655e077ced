import { createContext, Suspense, use, useId, type ReactNode } from 'react';
import { useSignInPromptActions, useSignInPromptReason } from '@/stores/sign-in-prompt';
import { Modal, ModalCloseButton } from './modal';
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

function SignInSheet({ reason }: { reason: string }) {
  const { close } = useSignInPromptActions();
  const renderBody = use(SignInSheetBody);
  const titleId = useId();
  const reasonId = useId();

  return (
    <Modal
      variant="sheet"
      onClose={close}
      labelledBy={titleId}
      describedBy={reasonId}
      className={styles.sheet}
    >
      <h2 id={titleId} className={styles.title}>
        {SIGN_IN_PROMPT_TITLE}
      </h2>
      <p id={reasonId} className={styles.reason}>
        {reason}
      </p>
      <ModalCloseButton onClose={close} className={styles.close} />
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
    </Modal>
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
