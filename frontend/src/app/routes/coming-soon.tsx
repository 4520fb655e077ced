import { ComingSoon, type ComingSoonProps } from '@/components/ui/coming-soon';

/** A registered route whose screen a later issue builds: a placeholder naming it. */
export function ComingSoonRoute(props: ComingSoonProps) {
  // Keyed by the screen: going from one placeholder to another starts the new one afresh.
  return <ComingSoon key={props.screen} {...props} />;
}
