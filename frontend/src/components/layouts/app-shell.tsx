import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PATHS_WITHOUT_HEADER } from '@/config/paths';
import { BrandConflictDialog } from '@/components/bag/brand-conflict-dialog';
import { PageLoader } from '@/components/ui/page-loader';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { ToastViewport } from '@/components/ui/toast-viewport';
import { BottomNav } from './bottom-nav';
import { Footer } from './footer';
import { Header } from './header';
import styles from './app-shell.module.css';

interface AppShellProps {
  children: ReactNode;
  /** The tab screens (swipe, home, collection, trends, bag) carry the bottom navigation. */
  showBottomNav: boolean;
}

/** The 413 px column every screen lives in (000 §2.2). */
export function AppShell({ children, showBottomNav }: AppShellProps) {
  const { pathname } = useLocation();
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const showHeader = !PATHS_WITHOUT_HEADER.includes(normalised);

  return (
    <div
      className={[
        styles.frame,
        showHeader ? styles.withHeader : '',
        showBottomNav ? styles.withBottomNav : '',
      ].join(' ')}
    >
      {showHeader && <Header />}
      <main className={styles.main}>{children}</main>
      <Footer />
      {showBottomNav && <BottomNav />}
      <SignInPrompt />
      <BrandConflictDialog />
      <ToastViewport />
      <PageLoader />
    </div>
  );
}
