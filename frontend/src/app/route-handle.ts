import type { ComingSoonProps } from '@/components/ui/coming-soon';

/** What a route tells the shell through `handle`. */
export interface RouteHandle {
  /** The tab screens of the layout (000 §2.1) show the bottom navigation. */
  bottomNav?: boolean;
  /** Screens a later issue builds show a designed placeholder naming them. */
  comingSoon?: ComingSoonProps;
}
