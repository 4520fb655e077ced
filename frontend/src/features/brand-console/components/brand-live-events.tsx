import { useBrandEvents } from '../hooks/use-brand-events';

/** Mounted once for every /brand page (the route table keeps it across pages). */
export function BrandLiveEvents() {
  useBrandEvents();
  return null;
}
