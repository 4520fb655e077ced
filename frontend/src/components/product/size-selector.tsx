import styles from './size-selector.module.css';

interface SizeSelectorProps {
  sizes: readonly string[];
  /** Units per size; without a map every size counts as available. */
  stock: Readonly<Record<string, number>> | undefined;
  selected: string | null;
  onSelect: (size: string) => void;
}

/** Units left of `size`; undefined when the product has no stock map. */
export function unitsLeft(stock: SizeSelectorProps['stock'], size: string): number | undefined {
  return stock ? Math.max(0, stock[size] ?? 0) : undefined;
}

/**
 * The size selector (000 §2.12): the product's sizes in its own order, sold-out ones disabled,
 * and 'N left' for the chosen size.
 */
export function SizeSelector({ sizes, stock, selected, onSelect }: SizeSelectorProps) {
  const left = selected === null ? undefined : unitsLeft(stock, selected);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        Select Size
        {left !== undefined && <span className={styles.left}>{left} left</span>}
      </legend>
      <div className={styles.sizes}>
        {sizes.map((size) => {
          const soldOut = unitsLeft(stock, size) === 0;
          return (
            <label key={size} className={styles.size}>
              <input
                type="radio"
                name="size"
                value={size}
                checked={size === selected}
                disabled={soldOut}
                onChange={() => onSelect(size)}
                className={styles.input}
              />
              <span className={styles.chip}>
                {size}
                {soldOut && <span className="visually-hidden"> (sold out)</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
