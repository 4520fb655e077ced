// The swipe screen's own icons, drawn like the shared ones in components/ui/icons (24 px grid,
// 1.8 stroke); only this feature uses them.
import type { ReactNode } from 'react';

function SwipeScreenIcon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const FilterIcon = ({ size }: { size?: number }) => (
  <SwipeScreenIcon size={size}>
    <path d="M4 7h9" />
    <path d="M17 7h3" />
    <circle cx="15" cy="7" r="2" />
    <path d="M4 17h3" />
    <path d="M11 17h9" />
    <circle cx="9" cy="17" r="2" />
  </SwipeScreenIcon>
);

export const UndoIcon = ({ size }: { size?: number }) => (
  <SwipeScreenIcon size={size}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </SwipeScreenIcon>
);

export const HelpIcon = ({ size }: { size?: number }) => (
  <SwipeScreenIcon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.4a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.2-2.4 3.7" />
    <path d="M12 17.2v.3" />
  </SwipeScreenIcon>
);

/** A hand swiping sideways, for the tutorial. */
export const SwipeHandIcon = ({ size }: { size?: number }) => (
  <SwipeScreenIcon size={size}>
    <path d="M9 11V5.5a1.5 1.5 0 0 1 3 0V11" />
    <path d="M12 10.5v-1a1.5 1.5 0 0 1 3 0v1.5" />
    <path d="M15 11a1.5 1.5 0 0 1 3 0v3.5a6 6 0 0 1-6 6h-.6a6 6 0 0 1-4.6-2.2L4.5 15.4a1.6 1.6 0 0 1 2.3-2.2L9 15" />
  </SwipeScreenIcon>
);
