import { useCallback, useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { consolePaths } from '@/config/console-paths';
import { ApiError } from '@/api/client';
import {
  ChevronDownIcon,
  ChevronRightIcon,
  MailIcon,
  PhoneIcon,
  UserIcon,
} from '@/components/ui/icons';
import { isBrandTeam, ROLE, useSessionActions, useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { useToastActions } from '@/stores/toasts';
import { logOut } from '../api/account-api';
import { useOrderCount } from '../hooks/use-order-count';
import { formatPhone, orderCountText } from '../utils/account-rules';
import {
  DocumentIcon,
  LogOutIcon,
  PackageIcon,
  PinIcon,
  ShieldIcon,
  SlidersIcon,
  StoreIcon,
  TagIcon,
  UserCogIcon,
} from './account-icons';
import { HelpIcon } from '@/components/ui/icons';
import { SavedAddresses } from './saved-addresses';
import { TermsModal } from './terms-modal';
import styles from './profile-screen.module.css';

/** The support chat's way in (001 §2 Support chat; not a tile of the specification's list). */
export const HELP_TILE_LABEL = 'Help & Support';

/** Why the login sheet opens from each gated tile and from the header card. */
export const PROFILE_SIGN_IN_REASONS = {
  header: 'Sign up or log in to see your orders, offers and addresses.',
  orders: 'Sign in to see your orders.',
  offers: 'Sign in to see your offers.',
  account: 'Sign in to manage your account.',
  addresses: 'Sign in to see your saved addresses.',
} as const;

export const LOGOUT_FAILED_TEXT = 'Could not log out. Please check your connection and try again.';

interface TileProps {
  icon: ReactNode;
  label: string;
  tone?: 'danger';
  trailing?: ReactNode;
}

function TileContent({ icon, label, trailing }: TileProps) {
  return (
    <>
      <span className={styles.tileIcon}>{icon}</span>
      <span className={styles.tileLabel}>{label}</span>
      {trailing === undefined ? (
        <ChevronRightIcon size={18} className={styles.chevron} />
      ) : (
        trailing
      )}
    </>
  );
}

const tileClass = (tone?: 'danger') =>
  [styles.tile, tone === 'danger' ? styles.danger : ''].join(' ');

function LinkTile({ to, ...tile }: TileProps & { to: string }) {
  return (
    <Link to={to} className={tileClass(tile.tone)}>
      <TileContent {...tile} />
    </Link>
  );
}

function ButtonTile({
  onClick,
  disabled,
  expanded,
  controls,
  ...tile
}: TileProps & { onClick: () => void; disabled?: boolean; expanded?: boolean; controls?: string }) {
  return (
    <button
      type="button"
      className={tileClass(tile.tone)}
      onClick={onClick}
      disabled={disabled}
      aria-expanded={expanded}
      aria-controls={controls}
    >
      <TileContent {...tile} />
    </button>
  );
}

function HeaderCard() {
  const user = useSessionUser();
  const orderCount = useOrderCount();
  const { open } = useSignInPromptActions();

  if (!user.isLoggedIn) {
    return (
      <section className={styles.card} aria-label="Your account">
        <span className={styles.avatar} aria-hidden="true">
          <UserIcon size={30} />
        </span>
        <div className={styles.identity}>
          <p className={styles.name}>Welcome</p>
          <p className={styles.detail}>Track orders, save addresses and check out faster.</p>
        </div>
        <button
          type="button"
          className={styles.signIn}
          onClick={() => open(PROFILE_SIGN_IN_REASONS.header)}
        >
          Sign Up / Login
        </button>
      </section>
    );
  }

  const name = user.name.trim() || user.email.split('@')[0] || 'Shopper';
  return (
    <section className={styles.card} aria-label="Your account">
      <span className={styles.avatar} aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className={styles.identity}>
        <p className={styles.nameRow}>
          <span className={styles.name}>{name}</span>
          <span className={styles.level}>Lvl 00</span>
        </p>
        {user.email && (
          <p className={styles.detail}>
            <MailIcon size={14} />
            <span className={styles.detailText}>{user.email}</span>
          </p>
        )}
        {user.phoneNumber && (
          <p className={styles.detail}>
            <PhoneIcon size={14} />
            <span className={styles.detailText}>{formatPhone(user.phoneNumber)}</span>
          </p>
        )}
      </div>
      <p className={styles.orders}>
        <PackageIcon />
        {orderCountText(orderCount)}
      </p>
    </section>
  );
}

/** Profile (/profile, 001 §2): who is signed in, and the way to orders, offers and settings. */
export function ProfileScreen() {
  const user = useSessionUser();
  const { loggedOut } = useSessionActions();
  const { open } = useSignInPromptActions();
  const { toastShown } = useToastActions();
  const navigate = useNavigate();
  const [addressesOpen, setAddressesOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const addressesId = useId();
  const closeTerms = useCallback(() => setTermsOpen(false), []);

  const leave = () => {
    loggedOut();
    void navigate(paths.root.getHref());
  };
  const logout = useMutation({
    mutationFn: logOut,
    onSuccess: leave,
    onError: (error) => {
      // 401: the server holds no session of ours any more, which is what logging out wants.
      if (error instanceof ApiError && error.status === 401) leave();
      else toastShown({ type: 'error', message: LOGOUT_FAILED_TEXT });
    },
  });

  const signedIn = user.isLoggedIn;
  /** A tile that needs sign-in: its own link when signed in, else the login sheet (001 §2). */
  const gated = (to: string, reason: string, tile: TileProps) =>
    signedIn ? (
      <LinkTile to={to} {...tile} />
    ) : (
      <ButtonTile onClick={() => open(reason)} {...tile} />
    );

  return (
    <div className={styles.screen}>
      <h1 className="visually-hidden">Profile</h1>
      <HeaderCard />

      <nav className={styles.groups} aria-label="Account">
        <ul className={styles.menu}>
          <li>
            {gated(paths.myOrders.getHref(), PROFILE_SIGN_IN_REASONS.orders, {
              icon: <PackageIcon />,
              label: 'My Orders',
            })}
          </li>
          <li>
            {gated(paths.myOffers.getHref(), PROFILE_SIGN_IN_REASONS.offers, {
              icon: <TagIcon />,
              label: 'My Offers',
            })}
          </li>
          {signedIn && isBrandTeam(user.role) && (
            <li>
              <LinkTile
                to={consolePaths.brandConsole.getHref()}
                icon={<StoreIcon />}
                label="Brand console"
              />
            </li>
          )}
          {signedIn && user.role === ROLE.shopper && (
            <li>
              <LinkTile
                to={paths.openYourBrand.getHref()}
                icon={<StoreIcon />}
                label="Open your brand on Casa"
              />
            </li>
          )}
          {signedIn && user.role === ROLE.admin && (
            <li>
              <LinkTile to={consolePaths.admin.getHref()} icon={<SlidersIcon />} label="Admin console" />
            </li>
          )}
          <li>
            {gated(paths.manageAccount.getHref(), PROFILE_SIGN_IN_REASONS.account, {
              icon: <UserCogIcon />,
              label: 'Manage Account',
            })}
          </li>
          <li>
            <ButtonTile
              icon={<PinIcon />}
              label="Addresses"
              onClick={() =>
                signedIn
                  ? setAddressesOpen((isOpen) => !isOpen)
                  : open(PROFILE_SIGN_IN_REASONS.addresses)
              }
              expanded={signedIn ? addressesOpen : undefined}
              controls={signedIn && addressesOpen ? addressesId : undefined}
              trailing={
                signedIn ? (
                  <ChevronDownIcon
                    size={18}
                    className={`${styles.chevron} ${addressesOpen ? styles.turned : ''}`}
                  />
                ) : undefined
              }
            />
            {signedIn && addressesOpen && (
              <SavedAddresses id={addressesId} />
            )}
          </li>
        </ul>

        <ul className={styles.menu}>
          <li>
            <ButtonTile
              icon={<DocumentIcon />}
              label="Terms & Conditions"
              onClick={() => setTermsOpen(true)}
            />
          </li>
          <li>
            {/* 001 §6: visitors may use the chat too. */}
            <LinkTile to={paths.chat.getHref()} icon={<HelpIcon />} label={HELP_TILE_LABEL} />
          </li>
          <li>
            <LinkTile to={paths.privacy.getHref()} icon={<ShieldIcon />} label="Privacy Policy" />
          </li>
          {signedIn && (
            <li>
              <ButtonTile
                icon={<LogOutIcon />}
                label={logout.isPending ? 'Logging out...' : 'Log Out'}
                tone="danger"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                trailing={null}
              />
            </li>
          )}
        </ul>
      </nav>

      {termsOpen && <TermsModal onClose={closeTerms} />}
    </div>
  );
}
