import styles from './option-tabs.module.css';

/** A tab: the key it selects and its caption. */
export interface TabOption<K extends string = string> {
  key: K;
  label: string;
}

interface OptionTabsProps<O extends TabOption> {
  /** The tab list's accessible name. */
  label: string;
  options: readonly O[];
  value: O['key'];
  onChange: (option: O) => void;
  /** Id of what the tabs change. */
  controls: string;
  /** `segmented` for a gender bar, `chips` for Trends' time frames. */
  variant: 'segmented' | 'chips';
}

/** A row of tabs choosing one option: Home's and Trends' genders, Trends' time frames. */
export function OptionTabs<O extends TabOption>({
  label,
  options,
  value,
  onChange,
  controls,
  variant,
}: OptionTabsProps<O>) {
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
            onClick={() => onChange(option)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
