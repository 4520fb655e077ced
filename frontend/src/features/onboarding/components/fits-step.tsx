import { useId } from 'react';
import type { FieldErrors, OnboardingFits } from '@/lib/validation';
import { PREFERRED_FITS } from '../utils/options';
import { ChoiceChips } from './choice-chips';
import { FieldError } from './field-error';
import styles from './onboarding.module.css';

interface FitsStepProps {
  values: OnboardingFits;
  errors: FieldErrors<keyof OnboardingFits>;
  onToggleFit: (fit: string) => void;
}

/** Step 2 (000 §2.4): at least one preferred fit. */
export function FitsStep({ values, errors, onToggleFit }: FitsStepProps) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>Preferred fits</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        Pick as many as you like
      </p>
      <ChoiceChips
        options={PREFERRED_FITS}
        selected={values.preferredFits}
        onToggle={onToggleFit}
        describedBy={`${id}-hint`}
      />
      <FieldError id={`${id}-error`} message={errors.preferredFits} />
    </fieldset>
  );
}
