import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_MAX_CHARS, isValidLoginEmail, MESSAGES } from '@/lib/validation';
import { MailIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { requestCode } from '../api/auth-api';
import { codeErrorText } from '@/lib/codes';
import { SIGN_IN_TEXTS } from '../utils/sign-in';
import styles from './login-steps.module.css';

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** A code went to this address moments ago: go back to it without asking for another. */
  codeStillFresh: boolean;
  /** `sent` is false when the fresh code is reused. */
  onCodeSent: (sent: boolean) => void;
}

/** Step 1 (000 §2.3): the e-mail; Continue stays disabled until it is valid (000 §5). */
export function EmailStep({ email, onEmailChange, codeStillFresh, onCodeSent }: EmailStepProps) {
  const inputId = useId();
  const hintId = useId();
  const [touched, setTouched] = useState(false);
  const send = useMutation({ mutationFn: requestCode });
  const valid = isValidLoginEmail(email);
  const showInvalid = touched && email !== '' && !valid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || send.isPending) return;
    if (codeStillFresh) {
      onCodeSent(false);
      return;
    }
    send.mutate(email, { onSuccess: () => onCodeSent(true) });
  };

  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        Email address
      </label>
      <div className={`${styles.field} ${showInvalid ? styles.fieldInvalid : ''}`}>
        <MailIcon size={20} />
        <input
          id={inputId}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_CHARS}
          autoCapitalize="off"
          spellCheck={false}
          placeholder="you@example.com"
          // The sheet opened because the shopper asked to sign in: the keyboard may come up.
          autoFocus
          value={email}
          aria-invalid={showInvalid}
          aria-describedby={hintId}
          onChange={(event) => {
            onEmailChange(event.target.value);
            send.reset();
          }}
          onBlur={() => setTouched(true)}
        />
      </div>
      <p id={hintId} className={showInvalid ? styles.fieldError : styles.hint}>
        {showInvalid ? MESSAGES.invalidEmail : 'We’ll email you a 6-digit code to sign in.'}
      </p>
      {send.isError && (
        <p role="alert" className={styles.alert}>
          {codeErrorText(send.error, SIGN_IN_TEXTS.codeNotSent)}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={!valid || send.isPending}>
        {send.isPending ? <Spinner size="sm" color="white" /> : null}
        Continue
      </button>
    </form>
  );
}
