import { useId } from 'react';
import {
  EMAIL_MAX_CHARS,
  NAME_MAX_CHARS,
  type FieldErrors,
  type OnboardingBasics,
} from '@/lib/validation';
import { GENDER_OPTIONS } from '../utils/options';
import { FieldError } from './field-error';
import styles from './onboarding.module.css';

interface BasicsStepProps {
  values: OnboardingBasics;
  errors: FieldErrors<keyof OnboardingBasics>;
  onChange: (changes: Partial<OnboardingBasics>) => void;
}

/** Step 0 (000 §2.4): name, e-mail and gender. */
export function BasicsStep({ values, errors, onChange }: BasicsStepProps) {
  const id = useId();
  const errorId = (field: keyof OnboardingBasics) => `${id}-${field}-error`;
  return (
    <>
      <div className={styles.group}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX_CHARS}
          value={values.name}
          aria-invalid={errors.name !== undefined}
          aria-describedby={errors.name ? errorId('name') : undefined}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <FieldError id={errorId('name')} message={errors.name} />
      </div>

      <div className={styles.group}>
        <label htmlFor={`${id}-email`} className={styles.label}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_CHARS}
          autoCapitalize="off"
          spellCheck={false}
          value={values.email}
          aria-invalid={errors.email !== undefined}
          aria-describedby={errors.email ? errorId('email') : undefined}
          onChange={(event) => onChange({ email: event.target.value })}
        />
        <FieldError id={errorId('email')} message={errors.email} />
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.label}>Gender</legend>
        <div className={styles.segments}>
          {GENDER_OPTIONS.map((option) => (
            <label key={option.value} className={styles.segment}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-gender`}
                value={option.value}
                checked={values.gender === option.value}
                onChange={() => onChange({ gender: option.value })}
                aria-describedby={errors.gender ? errorId('gender') : undefined}
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId('gender')} message={errors.gender} />
      </fieldset>
    </>
  );
}
