import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { validateLocation } from '@/lib/validation';
import type { ServerUser } from '@/stores/session';
import { MapPinIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { saveLocation } from '../api/auth-api';
import { detectLocation } from '../utils/geolocation';
import { codeErrorText } from '@/lib/codes';
import { isRefusal, SIGN_IN_TEXTS } from '../utils/sign-in';
import styles from './login-steps.module.css';

interface LocationStepProps {
  /** The signed-in user as verify-otp answered it. */
  user: ServerUser;
  email: string;
  onDone: (user: ServerUser) => void;
}

/** Step 3 (000 §2.3): where the shopper is, typed or detected, saved on their record. */
export function LocationStep({ user, email, onDone }: LocationStepProps) {
  const inputId = useId();
  const [location, setLocation] = useState(user.location ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [detecting, setDetecting] = useState(false);
  const save = useMutation({ mutationFn: (text: string) => saveLocation(email, text) });

  const detect = () => {
    setDetecting(true);
    setMessage(null);
    detectLocation()
      .then((text) => setLocation(text))
      .catch((error: unknown) =>
        setMessage(error instanceof Error ? error.message : SIGN_IN_TEXTS.geolocationFailed),
      )
      .finally(() => setDetecting(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLocation(location).location;
    if (invalid) {
      setMessage(invalid);
      return;
    }
    save.mutate(location.trim(), {
      onSuccess: onDone,
      onError: (error) => {
        // The server or the session refused it: say why. Otherwise the user is signed in all the
        // same (000 §4: a failure to save the user is only logged) and keeps the earlier record.
        if (isRefusal(error)) setMessage(codeErrorText(error, SIGN_IN_TEXTS.network));
        else {
          console.warn('Saving the sign-in location failed; signing in without it.', error);
          onDone(user);
        }
      },
    });
  };

  return (
    <form className={styles.step} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        Where should we deliver?
      </label>
      <div className={styles.field}>
        <MapPinIcon size={20} />
        <input
          id={inputId}
          className={styles.input}
          type="text"
          autoComplete="address-level2"
          placeholder="Area, city"
          autoFocus
          value={location}
          onChange={(event) => {
            setLocation(event.target.value);
            setMessage(null);
          }}
        />
      </div>
      <button type="button" className={styles.secondary} onClick={detect} disabled={detecting}>
        {detecting ? <Spinner size="sm" color="purple" /> : <MapPinIcon size={18} />}
        {detecting ? 'Detecting your location...' : 'Use my current location'}
      </button>
      {message && (
        <p role="alert" className={styles.alert}>
          {message}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={save.isPending || detecting}>
        {save.isPending ? <Spinner size="sm" color="white" /> : null}
        Continue
      </button>
    </form>
  );
}
