import { Component, type ReactNode } from 'react';
import { AlertCircleIcon } from '@/components/ui/icons';
import styles from './routes/routes.module.css';

interface AppErrorBoundaryState {
  failed: boolean;
}

/**
 * The last resort: a bug in the shell itself (header, navigation) would otherwise blank the
 * whole page. Screens have their own boundary inside the shell (RouteErrorBoundary), so this
 * one only shows when the shell cannot draw; it offers a reload.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.message} role="alert">
        <span className={styles.badge}>
          <AlertCircleIcon size={32} />
        </span>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>The shop could not be shown. Reloading usually helps.</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </section>
    );
  }
}
