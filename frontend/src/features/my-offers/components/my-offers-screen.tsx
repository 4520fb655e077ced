import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { SparklesIcon, UserIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import { useIsLoggedIn } from '@/stores/session';
import { useMyOffers } from '../hooks/use-my-offers';
import { OfferCard } from './offer-card';
import layout from '@/components/ui/card-list-screen.module.css';

/** The screen's words: the specification has none for My Offers beyond its name (001 §2). */
export const MY_OFFERS_TEXTS = {
  title: 'My Offers',
  loading: 'Loading your offers...',
  emptyTitle: 'No offers right now',
  emptyHint: 'Coupons from the brands you shop will appear here, ready to apply at checkout.',
  browse: 'Start Shopping',
  loadFailed: 'We could not load your offers. Please check your connection and try again.',
  signIn: 'Sign in to view your offers',
  signInButton: 'Sign In',
} as const;

function Offers() {
  const { data: offers, isPending, isError, refetch } = useMyOffers();
  if (isPending) {
    return (
      <div className={layout.loading} role="status">
        <Spinner color="purple" />
        <p>{MY_OFFERS_TEXTS.loading}</p>
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        className={layout.panel}
        message={MY_OFFERS_TEXTS.loadFailed}
        onRetry={() => void refetch()}
      />
    );
  }
  if (offers.length === 0) {
    return (
      <EmptyState
        className={layout.panel}
        icon={<SparklesIcon />}
        title={MY_OFFERS_TEXTS.emptyTitle}
        hint={MY_OFFERS_TEXTS.emptyHint}
        action={{ label: MY_OFFERS_TEXTS.browse, to: paths.root.getHref() }}
      />
    );
  }
  return (
    <ul className={layout.list} aria-label="Your coupons">
      {offers.map((offer) => (
        <li key={offer._id}>
          <OfferCard offer={offer} />
        </li>
      ))}
    </ul>
  );
}

/**
 * My Offers (/my-offers, the profile's 'My Offers' tile, 001 §2): the coupons the signed-in
 * shopper can use now, each with its code to copy for checkout. Back goes to the profile.
 */
export function MyOffersScreen() {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  return (
    <div className={layout.screen}>
      <TitleBar
        title={MY_OFFERS_TEXTS.title}
        onBack={() => void navigate(paths.profile.getHref())}
      />
      {isLoggedIn ? (
        <Offers />
      ) : (
        <EmptyState
          className={layout.panel}
          icon={<UserIcon />}
          title={MY_OFFERS_TEXTS.signIn}
          action={{ label: MY_OFFERS_TEXTS.signInButton, to: paths.profile.getHref() }}
        />
      )}
    </div>
  );
}
