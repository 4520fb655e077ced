// The profile menu's icons, drawn in the shared icon frame at 22 px; only this feature uses them.
import type { ReactNode } from 'react';

import { Icon } from '@/components/ui/icons';

function MenuIcon({ children }: { children: ReactNode }) {
  return <Icon size={22}>{children}</Icon>;
}

export const PackageIcon = () => (
  <MenuIcon>
    <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9L12 3Z" />
    <path d="m4 7.5 8 4.5 8-4.5" />
    <path d="M12 12v9" />
    <path d="m8 5.3 8 4.5" />
  </MenuIcon>
);

export const TagIcon = () => (
  <MenuIcon>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.5 1.5 0 0 1 0 2.1l-6.6 6.6a1.5 1.5 0 0 1-2.1 0l-8.3-8.3Z" />
    <circle cx="8" cy="8" r="1.5" />
  </MenuIcon>
);

export const StoreIcon = () => (
  <MenuIcon>
    <path d="M4 10v10h16V10" />
    <path d="M3 10 5 4h14l2 6a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0Z" />
    <path d="M10 20v-5h4v5" />
  </MenuIcon>
);

export const UserCogIcon = () => (
  <MenuIcon>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 20a7 7 0 0 1 10.5-6" />
    <circle cx="18" cy="17" r="2.5" />
    <path d="M18 13v1.5M18 19.5V21M14 17h1.5M20.5 17H22" />
  </MenuIcon>
);

export const PinIcon = () => (
  <MenuIcon>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </MenuIcon>
);

export const DocumentIcon = () => (
  <MenuIcon>
    <path d="M6 3h8l4 4v14H6V3Z" />
    <path d="M14 3v4h4" />
    <path d="M9 12h6M9 16h6" />
  </MenuIcon>
);

export const ShieldIcon = () => (
  <MenuIcon>
    <path d="M12 3 5 6v5.5c0 4.4 3 8 7 9.5 4-1.5 7-5.1 7-9.5V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </MenuIcon>
);

export const LogOutIcon = () => (
  <MenuIcon>
    <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
    <path d="m15 16 4-4-4-4" />
    <path d="M19 12H9" />
  </MenuIcon>
);

export const LockIcon = () => (
  <MenuIcon>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </MenuIcon>
);

export const PlusIcon = () => (
  <MenuIcon>
    <path d="M12 5v14M5 12h14" />
  </MenuIcon>
);

/** The admin console: a gauge of sliders. */
export const SlidersIcon = () => (
  <MenuIcon>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </MenuIcon>
);
