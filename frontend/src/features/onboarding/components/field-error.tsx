import styles from './onboarding.module.css';

/** A rule's message under its field (000 §5), announced as it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={styles.error}>
      {message}
    </p>
  );
}
