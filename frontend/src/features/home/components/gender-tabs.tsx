import { OptionTabs } from '@/components/ui/option-tabs';
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
      <OptionTabs
        label="Shop for"
        options={HOME_GENDERS}
        value={value.key}
        onChange={onChange}
        controls={controls}
        variant="segmented"
      />
    </div>
  );
}
