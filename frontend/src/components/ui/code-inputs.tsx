import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { normalizeOtp, OTP_LENGTH } from '@/lib/validation';
import styles from './code-step.module.css';

interface CodeInputsProps {
  /** One entry per box, '' when empty. */
  digits: readonly string[];
  disabled: boolean;
  onChange: (digits: string[]) => void;
  /** Each change of this number puts focus back in the first box (a new or a wrong code). */
  focusRequest: number;
  labelledBy: string;
}

/**
 * The six single-digit boxes of the code step (000 §2.3, §5): non-digits are dropped, typing
 * moves on, Backspace on an empty box goes back, and a pasted or autofilled code fills them all.
 */
export function CodeInputs({ digits, disabled, onChange, focusRequest, labelledBy }: CodeInputsProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, OTP_LENGTH - 1))]?.focus();

  useEffect(() => {
    if (!disabled) boxes.current[0]?.focus();
  }, [focusRequest, disabled]);

  /** Writes `incoming` digits from box `from` on and moves to the box after the last one. */
  const fill = (from: number, incoming: string) => {
    const next = [...digits];
    let last = from;
    for (const [offset, digit] of [...incoming].entries()) {
      if (from + offset >= OTP_LENGTH) break;
      next[from + offset] = digit;
      last = from + offset;
    }
    onChange(next);
    focusBox(last + 1);
  };

  const typed = (index: number, raw: string) => {
    const incoming = raw.replace(/\D/gu, '');
    const current = digits[index] ?? '';
    if (raw === '') {
      onChange(digits.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    // Only non-digits were typed: nothing changes.
    if (incoming === '' || incoming === current) return;
    // A digit typed into a filled box arrives next to the old one: keep only the new one.
    if (current !== '' && incoming.length === 2) {
      fill(index, incoming.startsWith(current) ? incoming.slice(1) : incoming.slice(0, 1));
      return;
    }
    fill(index, incoming);
  };

  const pasted = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const code = normalizeOtp(event.clipboardData.getData('text'));
    if (code === '') return;
    event.preventDefault();
    // A whole code fills every box whichever box had focus.
    fill(code.length === OTP_LENGTH ? 0 : index, code);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      onChange(digits.map((digit, at) => (at === index - 1 ? '' : digit)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className={styles.codeBoxes} role="group" aria-labelledby={labelledBy}>
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row of six: the position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={styles.codeBox}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          value={digit}
          disabled={disabled}
          onChange={(event) => typed(index, event.target.value)}
          onPaste={(event) => pasted(index, event)}
          onKeyDown={(event) => keyDown(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  );
}
