import type { TrendsOption } from '../utils/trends-options';
import styles from './option-tabs.module.css';

interface OptionTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  options: readonly TrendsOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Id of the list the tabs change. */
  controls: string;
  /** `segmented` for the gender bar, `chips` for the time frames. */
  variant: 'segmented' | 'chips';
}

/** A row of tabs choosing one value: the Trends screen's genders and time frames (000 §2.7). */
export function OptionTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  controls,
  variant,
}: OptionTabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className={`${styles.tabs} ${styles[variant]}`}>
      {options.map((option) => {
        const selected = option.key === value;
        return (
          <button
            key={option.key}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={controls}
            className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
            onClick={() => onChange(option.key)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
