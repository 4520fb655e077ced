import styles from './category-chips.module.css';

export interface CategoryChipsProps {
  categories: readonly string[];
  selected: readonly string[];
  onToggle: (category: string) => void;
}

/** Multi-select category filters (000 §2.8, §2.10): each chip toggles on its own. */
export function CategoryChips({ categories, selected, onToggle }: CategoryChipsProps) {
  if (categories.length === 0) return null;
  return (
    <div className={styles.row} role="group" aria-label="Filter by category">
      {categories.map((category) => (
        <button
          key={category}
          type="button"
          className={styles.chip}
          aria-pressed={selected.includes(category)}
          onClick={() => onToggle(category)}
        >
          {category}
        </button>
      ))}
    </div>
  );
}
