import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ApiError } from '@/api/client';
import { paths } from '@/config/paths';
import { consolePaths } from '@/config/console-paths';
import { InfoIcon, UserIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/state-panel';
import { ROLE, useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { ADMIN_TEXTS as TEXTS, type AdminSection } from '../utils/admin-texts';
import { ConsoleShell } from '@/components/console/console-shell';
import styles from '@/components/console/console.module.css';

export const ADMIN_SECTIONS: readonly { key: AdminSection; href: string }[] = [
  { key: 'brands', href: consolePaths.adminBrands.getHref() },
  { key: 'categories', href: consolePaths.adminCategories.getHref() },
  { key: 'banners', href: consolePaths.adminBanners.getHref() },
  { key: 'users', href: consolePaths.adminUsers.getHref() },
  { key: 'audit', href: consolePaths.adminAudit.getHref() },
  { key: 'applications', href: consolePaths.adminApplications.getHref() },
];

/** What a signed-in non-admin sees, here and when the server refuses a stale admin session. */
export function NotAllowed({ hint = TEXTS.adminsOnlyHint }: { hint?: string }) {
  return (
    <EmptyState
      icon={<InfoIcon />}
      title={TEXTS.adminsOnly}
      hint={hint}
      action={{ label: TEXTS.backToProfile, to: paths.profile.getHref() }}
    />
  );
}

/** A 403 from an admin call: the stored role is out of date. */
export const isRefused = (error: unknown) => error instanceof ApiError && error.status === 403;

const ADMIN_LINKS = [
  { label: TEXTS.title, href: consolePaths.admin.getHref(), end: true },
  ...ADMIN_SECTIONS.map((section) => ({
    label: TEXTS.sections[section.key].label,
    href: section.href,
  })),
];

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const user = useSessionUser();
  return (
    <ConsoleShell
      label={TEXTS.title}
      links={ADMIN_LINKS}
      title={title}
      who={user.isLoggedIn ? user.email || user.name : undefined}
    >
      {children}
    </ConsoleShell>
  );
}

/**
 * An admin console page: signed out, the sign-in prompt; signed in but not an admin, the
 * "not allowed" screen, and nothing is asked of the server; an admin, the page.
 */
export function AdminConsole({ title, children }: { title: string; children: ReactNode }) {
  const user = useSessionUser();
  const { open } = useSignInPromptActions();
  if (!user.isLoggedIn) {
    return (
      <Frame title={TEXTS.title}>
        <EmptyState
          icon={<UserIcon />}
          title={TEXTS.signIn}
          hint={TEXTS.signInHint}
          action={{ label: TEXTS.signInButton, onClick: () => open(TEXTS.signInReason) }}
        />
      </Frame>
    );
  }
  if (user.role !== ROLE.admin) {
    return (
      <Frame title={TEXTS.title}>
        <NotAllowed />
      </Frame>
    );
  }
  return <Frame title={title}>{children}</Frame>;
}

/** /admin: the sections, each with a line on what it does. */
export function AdminHome() {
  return (
    <AdminConsole title={TEXTS.title}>
      <ul className={styles.cards}>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.key}>
            <NavLink to={section.href} className={styles.card}>
              <span className={styles.cardTitle}>{TEXTS.sections[section.key].label}</span>
              <span className={styles.muted}>{TEXTS.sections[section.key].hint}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </AdminConsole>
  );
}
