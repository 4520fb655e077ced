import { useId, type ReactNode } from 'react';
import fieldStyles from '@/components/ui/form-field.module.css';
import styles from '@/components/console/console.module.css';

/** A labelled control with its error at the field; `children` gets the ids to wire. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid': boolean }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': message ? messageId : undefined,
        'aria-invalid': Boolean(error),
      })}
      {message && (
        <span id={messageId} className={error ? fieldStyles.error : styles.muted} role={error ? 'alert' : undefined}>
          {message}
        </span>
      )}
    </div>
  );
}

export const inputClass = fieldStyles.input;
