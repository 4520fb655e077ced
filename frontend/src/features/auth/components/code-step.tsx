import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { MESSAGES, OTP_LENGTH } from '@/lib/validation';
import { Spinner } from '@/components/ui/spinner';
import { requestCode, verifyCode, type VerifyAnswer } from '../api/auth-api';
import {
  isCodeGone,
  RESEND_INTERVAL_S,
  SIGN_IN_TEXTS,
  signInErrorText,
  VERIFY_DELAY_MS,
  wait,
} from '../utils/sign-in';
import { CodeInputs } from './code-inputs';
import styles from './login-steps.module.css';

const EMPTY = Array.from({ length: OTP_LENGTH }, () => '');

/** The server's answer, shown no sooner than the 1 s verifying state of 000 §9 has passed. */
async function verifyAfterDelay({ email, code }: { email: string; code: string }) {
  const delay = wait(VERIFY_DELAY_MS);
  try {
    const answer = await verifyCode(email, code);
    await delay;
    return answer;
  } catch (error) {
    await delay;
    throw error;
  }
}

interface CodeStepProps {
  email: string;
  /** Seconds until another code may be asked for; 0 shows 'Resend code'. */
  secondsLeft: number;
  startCountdown: (seconds: number) => void;
  stopCountdown: () => void;
  onVerified: (answer: VerifyAnswer) => void;
}

/**
 * Step 2 (000 §2.3): six boxes; the sixth digit submits the code by itself with 'Verifying...'
 * for 1 s. The server checks it (000 §5, ours); a wrong code clears the boxes.
 */
export function CodeStep({ email, secondsLeft, startCountdown, stopCountdown, onVerified }: CodeStepProps) {
  const promptId = useId();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [focusRequest, setFocusRequest] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: verifyAfterDelay });
  const resend = useMutation({ mutationFn: requestCode });

  const startOver = (text: string | null) => {
    setDigits(EMPTY);
    setMessage(text);
    setFocusRequest((count) => count + 1);
  };

  const changed = (next: string[]) => {
    setDigits(next);
    setMessage(null);
    if (next.some((digit) => digit === '')) return;
    verify.mutate(
      { email, code: next.join('') },
      {
        onSuccess: onVerified,
        onError: (error) => {
          if (isCodeGone(error)) stopCountdown();
          startOver(signInErrorText(error, MESSAGES.invalidOtp));
        },
      },
    );
  };

  const askAgain = () => {
    resend.mutate(email, {
      onSuccess: () => {
        startCountdown(RESEND_INTERVAL_S);
        startOver(null);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter !== null) startCountdown(error.retryAfter);
        setMessage(signInErrorText(error, SIGN_IN_TEXTS.codeNotSent));
      },
    });
  };

  return (
    <div className={styles.step}>
      <p id={promptId} className={styles.prompt}>
        Enter the 6-digit code sent to <strong className={styles.email}>{email}</strong>
      </p>
      <CodeInputs
        digits={digits}
        disabled={verify.isPending}
        onChange={changed}
        focusRequest={focusRequest}
        labelledBy={promptId}
      />
      {/* Room kept for 'Verifying...' or a message, so the sheet does not jump between them. */}
      <div className={styles.statusRow}>
        {verify.isPending ? (
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
            onClick={askAgain}
            disabled={resend.isPending || verify.isPending}
          >
            Resend code
          </button>
        )}
      </div>
    </div>
  );
}
