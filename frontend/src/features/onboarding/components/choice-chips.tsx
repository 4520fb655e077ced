import styles from './onboarding.module.css';

interface ChoiceChipsProps {
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string) => void;
  describedBy?: string;
}

/** A multiple choice as a wrap of toggle chips (real checkboxes underneath). */
export function ChoiceChips({ options, selected, onToggle, describedBy }: ChoiceChipsProps) {
  return (
    <div className={styles.chips}>
      {options.map((option) => (
        <label key={option} className={styles.chip}>
          <input
            type="checkbox"
            className="visually-hidden"
            checked={selected.includes(option)}
            onChange={() => onToggle(option)}
            aria-describedby={describedBy}
          />
          {option}
        </label>
      ))}
    </div>
  );
}
