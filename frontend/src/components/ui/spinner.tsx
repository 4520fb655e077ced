import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';
export type SpinnerColor = 'blue' | 'purple' | 'white' | 'gray';

export const SPINNER_SIZES: readonly SpinnerSize[] = ['sm', 'md', 'lg'];
export const SPINNER_COLORS: readonly SpinnerColor[] = ['blue', 'purple', 'white', 'gray'];

interface SpinnerProps {
  size?: SpinnerSize;
  color?: SpinnerColor;
  /** Read by screen readers; omit when the spinner sits inside something already labelled. */
  label?: string;
}

export function Spinner({ size = 'md', color = 'blue', label }: SpinnerProps) {
  const circle = <span className={`${styles.spinner} ${styles[size]} ${styles[color]}`} />;
  if (!label) return <span aria-hidden="true">{circle}</span>;
  return (
    <span role="status" className={styles.wrap}>
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
