import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { InfoIcon, UserIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/state-panel';
import { ROLE, isBrandTeam, useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useBrandChoices, useConsoleBrand } from '../hooks/use-console';
import styles from '@/components/console/console.module.css';

export const BRAND_SECTIONS = [
  { label: 'Products', href: paths.brandProducts.getHref() },
  { label: 'Import/Export', href: paths.brandImport.getHref() },
  { label: 'Coupons', href: paths.brandCoupons.getHref() },
  { label: 'Orders', href: paths.brandOrders.getHref() },
] as const;

const ROLE_NAMES: Record<number, string> = { 0: 'Shopper', 1: 'Brand team', 2: 'Admin' };

/** The sections, as a sidebar on a wide screen and a scrolling row on a phone. */
export function BrandConsoleNav() {
  return (
    <nav className={styles.sidebar} aria-label="Brand console">
      {BRAND_SECTIONS.map((section) => (
        <NavLink key={section.href} to={section.href} className={styles.navLink}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** An admin's brand: the brand every call of the console names (`brandId`). */
function BrandPicker() {
  const { brandId, setBrandId } = useConsoleBrand();
  const choices = useBrandChoices(true);
  return (
    <label className={styles.muted}>
      Brand{' '}
      <select
        aria-label="Brand"
        value={brandId}
        onChange={(event) => setBrandId(event.target.value)}
      >
        <option value="">Every brand</option>
        {(choices.data?.brands ?? []).map((brand) => (
          <option key={brand._id} value={brand._id}>
            {brand.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A brand console page: signed out, the sign-in prompt; a shopper, "not allowed" (and nothing
 * is asked of the server); the brand team or an admin (with a brand picker), the page.
 */
export function BrandConsoleFrame({ title, children }: { title: string; children: ReactNode }) {
  const user = useSessionUser();
  const { open } = useSignInPromptActions();
  let body = children;
  if (!user.isLoggedIn) {
    body = (
      <EmptyState
        icon={<UserIcon />}
        title="Sign in to use the brand console"
        action={{ label: 'Sign In', onClick: () => open('Sign in to use the brand console') }}
      />
    );
  } else if (!isBrandTeam(user.role)) {
    body = (
      <EmptyState
        icon={<InfoIcon />}
        title="The brand console is for brand teams"
        hint="Ask an admin to add you to your brand's team."
        action={{ label: 'Back to profile', to: paths.profile.getHref() }}
      />
    );
  }
  const allowed = user.isLoggedIn && isBrandTeam(user.role);
  return (
    <div className={styles.console}>
      <BrandConsoleNav />
      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {user.isLoggedIn && (
            <p className={styles.who} data-testid="console-who">
              {user.email || user.name} · {ROLE_NAMES[user.role] ?? 'Shopper'}
            </p>
          )}
          {allowed && user.role === ROLE.admin && <BrandPicker />}
        </header>
        {body}
      </div>
    </div>
  );
}

/** Whether `children` may ask the server: the frame shows the reason otherwise. */
export function useConsoleAllowed() {
  const user = useSessionUser();
  return user.isLoggedIn && isBrandTeam(user.role);
}

/** The brand an admin picked, or undefined (a brand user's own, decided by the server). */
export function useBrandParam() {
  const user = useSessionUser();
  const { brandId } = useConsoleBrand();
  return user.role === ROLE.admin && brandId ? brandId : undefined;
}
