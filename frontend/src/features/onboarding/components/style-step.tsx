import { useId } from 'react';
import { STYLE_INTERESTS_MAX, STYLE_INTERESTS_MIN, type FieldErrors, type OnboardingStyle } from '@/lib/validation';
import { AGE_RANGES, STYLE_INTERESTS } from '../utils/options';
import { ChoiceChips } from './choice-chips';
import { FieldError } from './field-error';
import styles from './onboarding.module.css';

interface StyleStepProps {
  values: OnboardingStyle;
  errors: FieldErrors<keyof OnboardingStyle>;
  onAgeRange: (ageRange: string) => void;
  onToggleInterest: (interest: string) => void;
}

/** Step 1 (000 §2.4): the age range and 3 to 5 style interests. */
export function StyleStep({ values, errors, onAgeRange, onToggleInterest }: StyleStepProps) {
  const id = useId();
  const count = values.styleInterests.length;
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.label}>Age range</legend>
        <div className={styles.options}>
          {AGE_RANGES.map((range) => (
            <label key={range} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={`${id}-age`}
                value={range}
                checked={values.ageRange === range}
                onChange={() => onAgeRange(range)}
              />
              {range}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-age-error`} message={errors.ageRange} />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.label}>Style interests</legend>
        <p id={`${id}-interests-hint`} className={styles.hint}>
          Pick {STYLE_INTERESTS_MIN} to {STYLE_INTERESTS_MAX} · {count} selected
        </p>
        <ChoiceChips
          options={STYLE_INTERESTS}
          selected={values.styleInterests}
          onToggle={onToggleInterest}
          describedBy={`${id}-interests-hint`}
        />
        <FieldError id={`${id}-interests-error`} message={errors.styleInterests} />
      </fieldset>
    </>
  );
}
