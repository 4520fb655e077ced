import { useId, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Gender } from '@/api/catalogue-types';
import { Modal, ModalHeader } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { swipeQueries } from '../api/swipe-queries';
import { NO_FILTERS, type SwipeFilters } from '../stores/feed-filters';
import styles from './filter-sheet.module.css';

export const FILTER_SHEET_TITLE = 'Filters';

/** 001 §9: the genders as the shop names them. */
const GENDERS: readonly { value: Gender; label: string }[] = [
  { value: 'male', label: 'Men' },
  { value: 'female', label: 'Women' },
  { value: 'unisex', label: 'Unisex' },
];

/** 'navy' -> 'Navy': the API names colours in lower case. */
const capitalised = (word: string) => word.charAt(0).toLocaleUpperCase('en-IN') + word.slice(1);

/** The list with `value` added, or taken out when it is there. */
function toggled<T>(list: readonly T[], value: T, same: (a: T, b: T) => boolean = Object.is) {
  return list.some((item) => same(item, value))
    ? list.filter((item) => !same(item, value))
    : [...list, value];
}

export interface FilterSheetProps {
  applied: SwipeFilters;
  onApply: (filters: SwipeFilters) => void;
  onClose: () => void;
}

/**
 * The swipe screen's filter sheet (001 §2): colours, brands, categories, gender and sizes as
 * chips. Choices change a draft; Apply hands it to the stack, Clear empties it, closing keeps
 * what was applied.
 */
export function FilterSheet({ applied, onApply, onClose }: FilterSheetProps) {
  const [draft, setDraft] = useState(applied);
  const choices = useQuery(swipeQueries.filterChoices());
  const brands = useQuery(swipeQueries.brands());
  const categories = useQuery(swipeQueries.categories());
  const titleId = useId();

  return (
    <Modal variant="sheet" onClose={onClose} labelledBy={titleId} className={styles.sheet}>
      <ModalHeader
        titleId={titleId}
        title={FILTER_SHEET_TITLE}
        onClose={onClose}
        className={styles.top}
      />

      <div className={styles.body}>
        <FilterSection title="Colors" query={choices}>
          {choices.data?.colors.map((color) => (
            <Chip
              key={color}
              on={draft.colors.includes(color)}
              onToggle={() => setDraft({ ...draft, colors: toggled(draft.colors, color) })}
            >
              <span
                className={styles.swatch}
                aria-hidden="true"
                ref={(swatch) => swatch?.style.setProperty('--swatch', color)}
              />
              {capitalised(color)}
            </Chip>
          ))}
        </FilterSection>

        <FilterSection title="Brands" query={brands}>
          {brands.data?.map((brand) => (
            <Chip
              key={brand._id}
              on={draft.brands.includes(brand._id)}
              onToggle={() => setDraft({ ...draft, brands: toggled(draft.brands, brand._id) })}
            >
              {brand.name}
            </Chip>
          ))}
        </FilterSection>

        <FilterSection title="Categories" query={categories}>
          {categories.data?.map((category) => (
            <Chip
              key={category.name}
              on={draft.categories.some((chosen) => chosen.name === category.name)}
              onToggle={() =>
                setDraft({
                  ...draft,
                  categories: toggled(draft.categories, category, (a, b) => a.name === b.name),
                })
              }
            >
              {category.name}
            </Chip>
          ))}
        </FilterSection>

        {/* The feed takes one gender: choosing another replaces it, choosing it again clears. */}
        <FilterSection title="Gender">
          {GENDERS.map((gender) => (
            <Chip
              key={gender.value}
              on={draft.gender === gender.value}
              onToggle={() =>
                setDraft({
                  ...draft,
                  gender: draft.gender === gender.value ? null : gender.value,
                })
              }
            >
              {gender.label}
            </Chip>
          ))}
        </FilterSection>

        <FilterSection title="Sizes" query={choices}>
          {choices.data?.sizes.map((size) => (
            <Chip
              key={size}
              on={draft.sizes.includes(size)}
              onToggle={() => setDraft({ ...draft, sizes: toggled(draft.sizes, size) })}
            >
              {size}
            </Chip>
          ))}
        </FilterSection>
      </div>

      <div className={styles.footer}>
        <button type="button" className={styles.clear} onClick={() => setDraft(NO_FILTERS)}>
          Clear
        </button>
        <button type="button" className={styles.apply} onClick={() => onApply(draft)}>
          Apply
        </button>
      </div>
    </Modal>
  );
}

interface FilterSectionProps {
  title: string;
  /** Where the section's choices come from; none for fixed choices. */
  query?: UseQueryResult<unknown>;
  children: ReactNode;
}

/** A titled group of chips, with its own loading and failure (and Try Again). */
function FilterSection({ title, query, children }: FilterSectionProps) {
  const titleId = useId();
  let content: ReactNode;
  if (query?.isPending) {
    content = <Spinner size="sm" color="gray" label={`Loading ${title.toLowerCase()}...`} />;
  } else if (query?.isError) {
    content = (
      <p className={styles.failed} role="alert">
        {query.error.message}{' '}
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          Try Again
        </button>
      </p>
    );
  } else {
    content = (
      <div className={styles.chips} role="group" aria-labelledby={titleId}>
        {children}
      </div>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.heading}>
        {title}
      </h3>
      {content}
    </section>
  );
}

function Chip({
  on,
  onToggle,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.chip} aria-pressed={on} onClick={onToggle}>
      {children}
    </button>
  );
}
