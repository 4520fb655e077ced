import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './location-screen.module.css';

interface TextFieldProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'value' | 'onChange' | 'className' | 'prefix'
  > {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** Drawn in the box before the input ('+91'); the input's name says it too. */
  prefix?: ReactNode;
}

/** What a field adds to its input: keyboard, autofill, length, prefix. */
export type TextFieldOptions = Omit<TextFieldProps, 'id' | 'label' | 'value' | 'error' | 'onChange'>;

/** A labelled input with its message under it. */
export function TextField({ id, label, value, error, onChange, prefix, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const control = (
    <input
      id={id}
      className={prefix ? `${styles.input} ${styles.prefixed}` : styles.input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...input}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {prefix ? (
        <div className={styles.prefixRow}>
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
