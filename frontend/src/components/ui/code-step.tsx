import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { MESSAGES, OTP_LENGTH } from '@/lib/validation';
import { Spinner } from '@/components/ui/spinner';
import { CODE_TEXTS, codeErrorText, RESEND_INTERVAL_S, VERIFY_DELAY_MS, wait } from '@/lib/codes';
import { CodeInputs } from './code-inputs';
import styles from './code-step.module.css';

const EMPTY = Array.from({ length: OTP_LENGTH }, () => '');

/** The server's answer, shown no sooner than the 1 s verifying state of 000 §9 has passed. */
async function afterDelay<T>(work: () => Promise<T>): Promise<T> {
  const delay = wait(VERIFY_DELAY_MS);
  try {
    const answer = await work();
    await delay;
    return answer;
  } catch (error) {
    await delay;
    throw error;
  }
}

interface CodeStepProps<T> {
  /** The line above the boxes: where the code went. */
  prompt: ReactNode;
  /** Sends the typed code to the server; rejects when it is refused. */
  verify: (code: string) => Promise<T>;
  /** Asks the server to mail a new code. */
  resend: () => Promise<unknown>;
  /** Seconds until another code may be asked for; 0 shows 'Resend code'. */
  secondsLeft: number;
  startCountdown: (seconds: number) => void;
  onVerified: (answer: T) => void;
  /** More actions, after 'Resend code' (Manage Account's cancel). */
  children?: ReactNode;
}

/**
 * Typing a mailed code (000 §2.3): six boxes; the sixth digit submits the code by itself with
 * 'Verifying...' for 1 s. The server checks it (000 §5, ours); a wrong code clears the boxes.
 * Signing in and confirming a new e-mail both use it.
 */
export function CodeStep<T>({
  prompt,
  verify,
  resend,
  secondsLeft,
  startCountdown,
  onVerified,
  children,
}: CodeStepProps<T>) {
  const promptId = useId();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [focusRequest, setFocusRequest] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (code: string) => afterDelay(() => verify(code)) });
  const askAgain = useMutation({ mutationFn: resend });

  const startOver = (text: string | null) => {
    setDigits(EMPTY);
    setMessage(text);
    setFocusRequest((count) => count + 1);
  };

  const changed = (next: string[]) => {
    setDigits(next);
    setMessage(null);
    if (next.some((digit) => digit === '')) return;
    check.mutate(next.join(''), {
      onSuccess: onVerified,
      onError: (error) => startOver(codeErrorText(error, MESSAGES.invalidOtp)),
    });
  };

  const sendAgain = () => {
    askAgain.mutate(undefined, {
      onSuccess: () => {
        startCountdown(RESEND_INTERVAL_S);
        startOver(null);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter !== null) startCountdown(error.retryAfter);
        setMessage(codeErrorText(error, CODE_TEXTS.codeNotSent));
      },
    });
  };

  return (
    <div className={styles.step}>
      <p id={promptId} className={styles.prompt}>
        {prompt}
      </p>
      <CodeInputs
        digits={digits}
        disabled={check.isPending}
        onChange={changed}
        focusRequest={focusRequest}
        labelledBy={promptId}
      />
      {/* Room kept for 'Verifying...' or a message, so the sheet does not jump between them. */}
      <div className={styles.statusRow}>
        {check.isPending ? (
          <p role="status" className={styles.verifying}>
            <Spinner size="sm" color="purple" />
            Verifying...
          </p>
        ) : (
          message && (
            <p role="alert" className={styles.alert}>
              {message}
            </p>
          )
        )}
      </div>
      <div className={styles.resendRow}>
        {secondsLeft > 0 ? (
          <p className={styles.hint}>Resend code in {secondsLeft}s</p>
        ) : (
          <button
            type="button"
            className={styles.link}
            onClick={sendAgain}
            disabled={askAgain.isPending || check.isPending}
          >
            Resend code
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
