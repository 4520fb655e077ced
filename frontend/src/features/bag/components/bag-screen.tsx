import { useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatInr, parsePaise } from '@/lib/money';
import type { Bag, BagCheckoutState } from '@/api/bag';
import {
  useBag,
  useBagChangesInFlight,
  useClearBag,
  useRemoveFromBag,
  useSetBagQuantity,
} from '@/hooks/use-bag';
import { useGoBack } from '@/hooks/use-go-back';
import { useIsLoggedIn } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { BagIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import { BagLine } from './bag-line';
import styles from './bag-screen.module.css';

/** The screen's words (001 §2 Bag); the signed-out panel's are ours (001 §6: the bag needs an account). */
export const BAG_TEXTS = {
  title: 'Your Bag',
  loading: 'Loading your bag...',
  loadFailed: 'Failed to load bag',
  retry: 'Retry',
  emptyTitle: "Your bag's feeling left out.",
  emptyHint: 'Fill it with pieces that match your vibe.',
  startShopping: 'Start shopping',
  clearAll: 'Clear All',
  clearTitle: 'Clear All Items?',
  clearMessage: 'This will remove all items from your cart. This action cannot be undone.',
  clearing: 'Clearing...',
  checkout: 'Proceed to Checkout',
  signIn: 'Sign in to view your bag',
  signInHint: 'Your picks, sizes and quantities wait here, ready for checkout.',
  signInButton: 'Sign In',
  signInReason: 'Sign in to see your bag.',
} as const;

export const itemCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

function ClearAllDialog({ onDone }: { onDone: () => void }) {
  const clear = useClearBag();
  return (
    <ConfirmDialog
      title={BAG_TEXTS.clearTitle}
      message={BAG_TEXTS.clearMessage}
      confirmLabel={BAG_TEXTS.clearAll}
      busyLabel={BAG_TEXTS.clearing}
      busy={clear.isPending}
      destructive
      // A failure's toast comes from the call; the dialog closes either way.
      onConfirm={() => clear.mutate({}, { onSettled: onDone })}
      onCancel={onDone}
    />
  );
}

/** The 104 px footer (001 §9): total, item count and the way to checkout. */
function BagFooter({ bag, waiting }: { bag: Bag; waiting: boolean }) {
  const navigate = useNavigate();
  const totalId = useId();
  const checkout = () => {
    const state: BagCheckoutState = { bagItems: bag.items, total: bag.totalAmount, directBuy: false };
    void navigate(paths.checkout.getHref(), { state });
  };
  return (
    <section className={styles.footer} aria-labelledby={totalId}>
      <div className={styles.summary}>
        <p id={totalId} className={styles.totalLabel}>
          Total <span className={styles.count}>({itemCountText(bag.totalItems)})</span>
        </p>
        <p className={styles.total}>{formatInr(parsePaise(bag.totalAmount))}</p>
      </div>
      {/* Waits while a change is in flight, so checkout gets the bag the server answered. */}
      <button type="button" className={styles.checkout} onClick={checkout} disabled={waiting}>
        {BAG_TEXTS.checkout}
      </button>
    </section>
  );
}

function BagLines({ bag }: { bag: Bag }) {
  const inFlight = useBagChangesInFlight();
  const setQuantity = useSetBagQuantity();
  const remove = useRemoveFromBag();
  return (
    <>
      <ul className={styles.lines} aria-label="Bag items">
        {bag.items.map((item) => {
          const line = { productId: item.product._id, size: item.size };
          return (
            <BagLine
              key={`${line.productId}/${line.size}`}
              item={item}
              busy={inFlight.has(line.productId, line.size)}
              onQuantityChange={(quantity) => setQuantity.mutate({ ...line, quantity })}
              onRemove={(onFailed) => remove.mutate(line, { onError: onFailed })}
            />
          );
        })}
      </ul>
      <BagFooter bag={bag} waiting={inFlight.any} />
    </>
  );
}

/** The signed-in shopper's bag: loading, failed, empty or its lines. */
function BagContents({ bag }: { bag: ReturnType<typeof useBag> }) {
  const { data, isPending, isError, error, refetch } = bag;
  if (isPending) {
    return (
      <div className={styles.loading} role="status">
        <Spinner color="purple" />
        <p>{BAG_TEXTS.loading}</p>
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        className={styles.panel}
        title={BAG_TEXTS.loadFailed}
        message={error.message}
        retryLabel={BAG_TEXTS.retry}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        className={styles.panel}
        icon={<BagIcon />}
        title={BAG_TEXTS.emptyTitle}
        hint={BAG_TEXTS.emptyHint}
        action={{ label: BAG_TEXTS.startShopping, to: paths.root.getHref() }}
      />
    );
  }
  return <BagLines bag={data} />;
}

function SignedInBag() {
  const bag = useBag();
  const goBack = useGoBack();
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Stable: the dialog's Escape listener is registered with it.
  const closeClear = useCallback(() => setConfirmingClear(false), []);
  const hasItems = (bag.data?.items.length ?? 0) > 0;
  return (
    <>
      <div className={styles.top}>
        <TitleBar title={BAG_TEXTS.title} onBack={goBack} />
        {hasItems && (
          <button type="button" className={styles.clearAll} onClick={() => setConfirmingClear(true)}>
            {BAG_TEXTS.clearAll}
          </button>
        )}
      </div>
      <BagContents bag={bag} />
      {confirmingClear && <ClearAllDialog onDone={closeClear} />}
    </>
  );
}

/**
 * Your Bag (/bag, 001 §2 Bag, §4): the signed-in shopper's lines with quantities, swipe-left
 * to remove, Clear All and the footer to checkout. The bag needs an account (001 §6): a visitor
 * is asked to sign in. No fixed header here (000 §2.2).
 */
export function BagScreen() {
  const isLoggedIn = useIsLoggedIn();
  const goBack = useGoBack();
  const { open } = useSignInPromptActions();
  return (
    <div className={styles.screen}>
      {isLoggedIn ? (
        <SignedInBag />
      ) : (
        <>
          <div className={styles.top}>
            <TitleBar title={BAG_TEXTS.title} onBack={goBack} />
          </div>
          <EmptyState
            className={styles.panel}
            icon={<BagIcon />}
            title={BAG_TEXTS.signIn}
            hint={BAG_TEXTS.signInHint}
            action={{ label: BAG_TEXTS.signInButton, onClick: () => open(BAG_TEXTS.signInReason) }}
          />
        </>
      )}
    </div>
  );
}
