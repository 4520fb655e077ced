import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS, SUGGESTIONS_MIN_CHARS } from '@/config/app';
import { paths } from '@/config/paths';
import { FallbackImage } from '@/components/ui/fallback-image';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { brandName, firstImage } from '@/lib/product';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSuggestions } from '../api/search-queries';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  /** The search on screen, so the box shows it on arrival. */
  initialText: string;
  /** Runs a search for non-blank text (000 §5). */
  onSearch: (query: string) => void;
}

/**
 * The query box with live suggestions (000 §2.11, §4), an ARIA 1.2 combobox: arrow keys move
 * through the suggestions and fill the box with the highlighted name, Enter opens the
 * highlighted product or runs the search, Escape puts back what was typed.
 */
export function SearchBox({ initialText, onSearch }: SearchBoxProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  // What the shopper typed, as opposed to a suggestion's name the arrows filled in.
  const [typed, setTyped] = useState(initialText);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);

  const wanted = typed.trim();
  const debounced = useDebouncedValue(wanted, SEARCH_DEBOUNCE_MS);
  const { data: suggestions = [] } = useSuggestions(debounced);
  const showList = open && wanted.length >= SUGGESTIONS_MIN_CHARS && suggestions.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const typedText = (value: string) => {
    setText(value);
    setTyped(value);
    setActive(-1);
    setOpen(true);
  };

  const highlight = (index: number) => {
    setActive(index);
    setText(index === -1 ? typed : (suggestions[index]?.name ?? typed));
  };

  const openProduct = (id: string) => {
    setOpen(false);
    void navigate(paths.product.getHref(id));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    setTyped(text);
    setActive(-1);
    setOpen(false);
    inputRef.current?.blur(); // puts the phone's keyboard away to show the results
    onSearch(query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!showList) {
        if (event.key === 'ArrowDown' && wanted.length >= SUGGESTIONS_MIN_CHARS) setOpen(true);
        return;
      }
      event.preventDefault();
      // -1 is the typed text: past either end the box gets it back.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight(((active + 1 + step + count + 1) % (count + 1)) - 1);
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      const product = suggestions[active];
      if (product) openProduct(product._id);
    } else if (event.key === 'Escape') {
      if (showList || active >= 0) event.preventDefault();
      setText(typed);
      setActive(-1);
      setOpen(false);
    }
  };

  return (
    <form role="search" className={styles.box} onSubmit={submit}>
      <span className={styles.icon} aria-hidden="true">
        <SearchIcon size={20} />
      </span>
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        className={styles.input}
        aria-label="Search products"
        placeholder="Search products and brands"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => typedText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // A blank screen is for typing: the keyboard comes up at once.
        autoFocus={initialText === ''}
      />
      {text !== '' && (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear search text"
          onClick={() => {
            typedText('');
            inputRef.current?.focus();
          }}
        >
          <CloseIcon size={18} />
        </button>
      )}
      <ul id={listboxId} role="listbox" aria-label="Suggestions" className={styles.listbox} hidden={!showList}>
        {suggestions.map((product, index) => (
          <li
            key={product._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // Keeps the focus in the box, so the list stays open until the tap lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => openProduct(product._id)}
          >
            <span className={styles.thumb}>
              <FallbackImage src={firstImage(product)} alt="" loading="lazy" className={styles.thumbImage} />
            </span>
            <span className={styles.optionText}>
              <span className={styles.optionName}>{product.name}</span>
              <span className={styles.optionBrand}>{brandName(product)}</span>
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
