import { DASHBOARD_TEXTS as TEXTS } from '../utils/dashboard-texts';
import { playOrderChime, useOrderSound } from '../utils/order-sound';
import styles from './dashboard.module.css';

/** The console header's switch for the new-order chime (off by default, remembered). */
export function SoundToggle() {
  const on = useOrderSound((state) => state.on);
  const setOn = useOrderSound((state) => state.setOn);
  return (
    <label className={styles.soundToggle}>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(event) => {
          setOn(event.target.checked);
          // The click lets the browser start the audio; the chime says what will be heard.
          if (event.target.checked) playOrderChime();
        }}
      />
      {on ? TEXTS.soundOn : TEXTS.soundOff}
    </label>
  );
}
