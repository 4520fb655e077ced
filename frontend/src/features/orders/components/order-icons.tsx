// The order status icons, drawn in the shared icon frame at 18 px; only this feature uses them.
import type { ReactNode } from 'react';

import { Icon } from '@/components/ui/icons';

function StatusIcon({ children }: { children: ReactNode }) {
  return <Icon size={18}>{children}</Icon>;
}

export const CheckIcon = () => (
  <StatusIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12.5 2.5 2.5 4.5-5" />
  </StatusIcon>
);

export const TruckIcon = () => (
  <StatusIcon>
    <path d="M3 6h11v10H3z" />
    <path d="M14 9h4l3 3.5V16h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </StatusIcon>
);

export const BoxIcon = () => (
  <StatusIcon>
    <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9L12 3Z" />
    <path d="m4 7.5 8 4.5 8-4.5" />
    <path d="M12 12v9" />
  </StatusIcon>
);

export const ClockIcon = () => (
  <StatusIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </StatusIcon>
);

export const CrossIcon = () => (
  <StatusIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6" />
    <path d="m15 9-6 6" />
  </StatusIcon>
);
