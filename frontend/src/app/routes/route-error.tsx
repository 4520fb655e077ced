import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AlertCircleIcon } from '@/components/ui/icons';
import styles from './routes.module.css';

/** A screen failed to load or render; keep the shell and offer a way on. */
export function RouteError() {
  return (
    <section className={styles.message} role="alert">
      <span className={styles.badge}>
        <AlertCircleIcon size={32} />
      </span>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>
        This screen could not be opened. Check your connection and try again.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to={paths.home.getHref()} className={styles.secondary}>
          Go to Explore
        </Link>
      </div>
    </section>
  );
}

interface RouteErrorBoundaryProps {
  /** The location's key: a navigation clears the error and renders the new screen. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Shows RouteError in place of a screen whose code fails to load or that throws in rendering. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
