import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ADDRESS_SUGGESTIONS_CLOSE_MS } from '@/config/app';
import type { PlacePrediction } from '@/api/places';
import { AlertCircleIcon, MapPinIcon, SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import type { PlaceSearch } from '../hooks/use-place-search';
import { LOCATION_TEXTS, searchFailureText } from '../utils/location-texts';
import styles from './location-screen.module.css';

interface LocateStepProps {
  /** The input's id, so the step's validation can focus it. */
  inputId: string;
  value: string;
  error?: string;
  /** The screen's search: it outlives the step, so a pick still lands after Next. */
  search: PlaceSearch;
  /** The shopper typed in the box. */
  onType: (text: string) => void;
  onPick: (prediction: PlacePrediction) => void;
}

/**
 * Step 1, Locate Your Address (001 §2, §7): a combobox of the directory's suggestions. A pick
 * fills the search text with the suggestion and the address fields with its parts; when the
 * search fails, the text typed is the address all the same.
 */
export function LocateStep({ inputId, value, error, search, onType, onPick }: LocateStepProps) {
  const listboxId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const { predictions } = search;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const showList = open && predictions.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const failure = search.suggestionsError ?? search.pickError;

  const type = (text: string) => {
    setActive(-1);
    setOpen(true);
    onType(text);
  };

  const choose = (prediction: PlacePrediction) => {
    setActive(-1);
    setOpen(false);
    onPick(prediction);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!showList) return;
      event.preventDefault();
      const count = predictions.length;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past either end the highlight leaves the list.
      setActive((current) => ((current + 1 + step + count + 1) % (count + 1)) - 1);
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      const prediction = predictions[active];
      if (prediction) choose(prediction);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const noMatches = open && !failure && search.hasAnswered && predictions.length === 0;

  return (
    <div className={styles.fields}>
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          Search your address
        </label>
        <div className={styles.searchBox}>
          <span className={styles.searchIcon} aria-hidden="true">
            <SearchIcon size={18} />
          </span>
          <input
            id={inputId}
            className={`${styles.input} ${styles.searchInput}`}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxId}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : hintId}
            autoComplete="off"
            placeholder="Area, locality or pincode"
            value={value}
            onChange={(event) => type(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => {
              window.clearTimeout(closeTimer.current);
              setOpen(true);
            }}
            // 001 §9: closes 120 ms after the box loses focus, so a tap on a suggestion lands.
            onBlur={() => {
              closeTimer.current = window.setTimeout(() => {
                setOpen(false);
                setActive(-1);
              }, ADDRESS_SUGGESTIONS_CLOSE_MS);
            }}
          />
          {search.isPicking && (
            <span className={styles.searchBusy}>
              <Spinner size="sm" color="purple" />
            </span>
          )}
        </div>
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Address suggestions"
          className={styles.suggestions}
          hidden={!showList}
        >
          {predictions.map((prediction, index) => (
            <li
              key={prediction.placeId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.suggestion}
              onClick={() => choose(prediction)}
            >
              <span className={styles.suggestionIcon} aria-hidden="true">
                <MapPinIcon size={16} />
              </span>
              <span className={styles.suggestionText}>
                <span className={styles.suggestionMain}>{prediction.mainText}</span>
                <span className={styles.suggestionSecondary}>{prediction.secondaryText}</span>
              </span>
            </li>
          ))}
        </ul>
        {error ? (
          <p id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </p>
        ) : (
          <p id={hintId} className={styles.hint}>
            {noMatches
              ? LOCATION_TEXTS.noMatches
              : 'Pick a suggestion to fill in city, state and pincode, or type your address.'}
          </p>
        )}
      </div>
      {failure && (
        <p className={styles.notice} role="alert">
          <AlertCircleIcon size={18} />
          {searchFailureText(failure)}
        </p>
      )}
    </div>
  );
}
