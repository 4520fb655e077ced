import { HOME_GENDERS, type HomeGender } from '../utils/genders';
import styles from './gender-tabs.module.css';

interface GenderTabsProps {
  value: HomeGender;
  onChange: (gender: HomeGender) => void;
  /** Id of the section the tabs change (the categories). */
  controls: string;
}

/** MEN / WOMEN / UNISEX (000 §2.5): they pick the gender of categories, looks and trending. */
export function GenderTabs({ value, onChange, controls }: GenderTabsProps) {
  return (
    <div className={styles.bar}>
      <div role="tablist" aria-label="Shop for" className={styles.tabs}>
        {HOME_GENDERS.map((gender) => {
          const selected = gender.key === value.key;
          return (
            <button
              key={gender.key}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={controls}
              className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
              onClick={() => onChange(gender)}
            >
              {gender.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
