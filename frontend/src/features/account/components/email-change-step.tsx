import { useEffect, useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CodeStep } from '@/components/ui/code-step';
import { useCountdown } from '@/hooks/use-countdown';
import { codeErrorText, RESEND_INTERVAL_S } from '@/lib/codes';
import type { ServerUser } from '@/stores/session';
import { cancelEmailChange, confirmEmailChange, resendEmailCode } from '../api/account-api';
import styles from './manage-account-screen.module.css';

/** Manage Account's words for the e-mail change step (ours: the specification has none). */
export const EMAIL_CHANGE_TEXTS = {
  title: 'Confirm your new e-mail',
  cancel: 'Cancel',
  cancelFailed: 'Could not cancel the change. Please try again.',
  changed: (email: string) => `Your e-mail is now ${email}.`,
} as const;

const verify = async (code: string) => (await confirmEmailChange(code)).user;

interface EmailChangeStepProps {
  /** The new address the code went to. */
  pendingEmail: string;
  onConfirmed: (user: ServerUser) => void;
  onCancelled: (user: ServerUser) => void;
}

/**
 * A new e-mail waits for the code mailed to it (ours): the account keeps its address until the
 * code is typed, with the sign-in sheet's boxes, 'Resend code' and a way to drop the change.
 */
export function EmailChangeStep({ pendingEmail, onConfirmed, onCancelled }: EmailChangeStepProps) {
  const titleId = useId();
  const countdown = useCountdown();
  const { start } = countdown;
  const cancel = useMutation({ mutationFn: cancelEmailChange, onSuccess: onCancelled });

  // A code has just gone to this address: the next may be asked for 30 s later.
  useEffect(() => start(RESEND_INTERVAL_S), [pendingEmail, start]);

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.stepTitle}>
        {EMAIL_CHANGE_TEXTS.title}
      </h2>
      <CodeStep
        key={pendingEmail}
        prompt={
          <>
            We sent a code to <strong>{pendingEmail}</strong>
          </>
        }
        verify={verify}
        resend={resendEmailCode}
        secondsLeft={countdown.secondsLeft}
        startCountdown={start}
        onVerified={onConfirmed}
      >
        <button
          type="button"
          className={styles.cancelChange}
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          {EMAIL_CHANGE_TEXTS.cancel}
        </button>
      </CodeStep>
      {cancel.isError && (
        <p role="alert" className={styles.fieldError}>
          {codeErrorText(cancel.error, EMAIL_CHANGE_TEXTS.cancelFailed)}
        </p>
      )}
    </section>
  );
}
