import { useMatches } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import type { RouteHandle } from '../route-handle';

/** Renders the placeholder described by the matched route's handle. */
export function ComingSoonRoute() {
  const matches = useMatches();
  const props = (matches.at(-1)?.handle as RouteHandle | undefined)?.comingSoon;
  if (!props) throw new Error('A coming-soon route needs handle.comingSoon');
  return <ComingSoon key={props.screen} {...props} />;
}
