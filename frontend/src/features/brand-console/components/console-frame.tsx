import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { consolePaths } from '@/config/console-paths';
import { InfoIcon, UserIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/state-panel';
import { ROLE, isBrandTeam, useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { BRAND_CONSOLE_TEXTS as TEXTS } from '../utils/brand-console-texts';
import { useBrandChoices, useConsoleBrand } from '../hooks/use-console';
import { ConsoleShell } from '@/components/console/console-shell';
import { SoundToggle } from './sound-toggle';
import styles from '@/components/console/console.module.css';

export const BRAND_SECTIONS = [
  { label: 'Dashboard', href: consolePaths.brandConsole.getHref(), end: true },
  { label: 'Products', href: consolePaths.brandProducts.getHref() },
  { label: 'Import/Export', href: consolePaths.brandImport.getHref() },
  { label: 'Coupons', href: consolePaths.brandCoupons.getHref() },
  { label: 'Orders', href: consolePaths.brandOrders.getHref() },
  { label: 'Payouts', href: consolePaths.brandPayouts.getHref() },
] as const;

const ROLE_NAMES: Record<number, string> = { 0: 'Shopper', 1: 'Brand team', 2: 'Admin' };

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
        title={TEXTS.signIn}
        hint={TEXTS.signInHint}
        action={{ label: TEXTS.signInButton, onClick: () => open(TEXTS.signInReason) }}
      />
    );
  } else if (!isBrandTeam(user.role)) {
    body = (
      <EmptyState
        icon={<InfoIcon />}
        title={TEXTS.teamsOnly}
        hint={TEXTS.teamsOnlyHint}
        action={{ label: TEXTS.backToProfile, to: paths.profile.getHref() }}
      />
    );
  }
  const allowed = user.isLoggedIn && isBrandTeam(user.role);
  return (
    <ConsoleShell
      label={TEXTS.title}
      links={BRAND_SECTIONS}
      title={title}
      who={user.isLoggedIn ? `${user.email || user.name} · ${ROLE_NAMES[user.role] ?? 'Shopper'}` : undefined}
      tools={
        allowed && (
          <>
            {user.role === ROLE.admin && <BrandPicker />}
            <SoundToggle />
          </>
        )
      }
    >
      {body}
    </ConsoleShell>
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
