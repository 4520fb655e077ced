import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { EXPRESS_FEE_RUPEES } from '@/config/app';
import { paths } from '@/config/paths';
import { useAddresses } from '@/hooks/use-addresses';
import { useGoBack } from '@/hooks/use-go-back';
import { defaultAddress } from '@/api/addresses';
import { ApiError } from '@/api/client';
import { MAX_LINE_QUANTITY } from '@/api/bag';
import {
  checkoutKeys,
  getQuote,
  type DeliverySpeed,
  type Quote,
  type QuoteRequest,
} from '@/api/checkout';
import { formatInr, parsePaise } from '@/lib/money';
import { acceptsPayment } from '@/lib/orders';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { BagIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/state-panel';
import { TitleBar } from '@/components/ui/title-bar';
import { useCheckoutPayment } from '../hooks/use-checkout-payment';
import { directBuyItem, sourceOf, type DirectBuyItem } from '../utils/checkout-state';
import { CHECKOUT_TEXTS } from '../utils/checkout-texts';
import { AddressPicker, addressLine } from './address-picker';
import { CouponBox } from './coupon-box';
import { PaymentSheet } from './payment-sheet';
import styles from './checkout.module.css';

/** 001 §4: a direct-buy item taken to 0 goes back after half a second. */
const REMOVED_BACK_DELAY_MS = 500;

const inr = (amount: Quote['total']) => formatInr(parsePaise(amount));

/** The coupon codes the quote refuses with: shown in the coupon box, not the summary. */
const isCouponRefusal = (error: Error | null) =>
  error instanceof ApiError && error.code.startsWith('COUPON_');

const isEmptyCart = (error: Error | null) =>
  error instanceof ApiError && error.code === 'EMPTY_CART';

function Summary({
  quote,
  error,
  needsAddress,
  direct,
  quantity,
  onQuantity,
}: {
  quote: Quote | undefined;
  error: Error | null;
  needsAddress: boolean;
  direct: DirectBuyItem | null;
  quantity: number;
  onQuantity: (quantity: number) => void;
}) {
  let body;
  if (direct && quantity === 0) {
    body = <p role="status">{CHECKOUT_TEXTS.itemRemoved}</p>;
  } else if (needsAddress) {
    body = <p className={styles.muted}>{CHECKOUT_TEXTS.summaryNeedsAddress}</p>;
  } else if (error && !isCouponRefusal(error)) {
    body = (
      <p className={styles.error} role="alert">
        {isEmptyCart(error) ? CHECKOUT_TEXTS.emptyCart : error.message}
      </p>
    );
  } else if (!quote) {
    body = <p className={styles.muted}>{CHECKOUT_TEXTS.summaryLoading}</p>;
  } else {
    const discount = parsePaise(quote.discount);
    const fee = parsePaise(quote.deliveryFee);
    body = (
      <>
        <ul className={styles.lines}>
          {quote.lines.map((line) => (
            <li key={`${line.product._id}/${line.size}`} className={styles.row}>
              <span>
                <Link to={paths.product.getHref(line.product._id)} className={styles.lineLink}>
                  {line.product.name}
                </Link>{' '}
                · {line.size} × {line.quantity}
              </span>
              <span>{inr(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.totals}>
          <div className={styles.row}>
            <dt>{CHECKOUT_TEXTS.subtotal}</dt>
            <dd>{inr(quote.subtotal)}</dd>
          </div>
          {discount > 0 && (
            <div className={styles.row}>
              <dt>{CHECKOUT_TEXTS.discount}</dt>
              <dd>−{formatInr(discount)}</dd>
            </div>
          )}
          <div className={styles.row}>
            <dt>{CHECKOUT_TEXTS.delivery}</dt>
            <dd>{fee === 0 ? CHECKOUT_TEXTS.free : formatInr(fee)}</dd>
          </div>
          <div className={`${styles.row} ${styles.total}`}>
            <dt>{CHECKOUT_TEXTS.total}</dt>
            <dd>{inr(quote.total)}</dd>
          </div>
        </dl>
        <p className={styles.muted}>
          {CHECKOUT_TEXTS.freeDeliveryAbove(inr(quote.freeDeliveryAbove))}
        </p>
      </>
    );
  }
  return (
    <section className={styles.card} aria-label={CHECKOUT_TEXTS.summary}>
      <h2 className={styles.heading}>{CHECKOUT_TEXTS.summary}</h2>
      {direct && quantity > 0 && (
        <div className={styles.stepper} role="group" aria-label={`Quantity of ${direct.name}`}>
          <button type="button" aria-label="Decrease quantity" onClick={() => onQuantity(quantity - 1)}>
            −
          </button>
          <span>{quantity}</span>
          <button
            type="button"
            aria-label="Increase quantity"
            onClick={() => onQuantity(quantity + 1)}
            disabled={quantity >= MAX_LINE_QUANTITY}
          >
            +
          </button>
        </div>
      )}
      {body}
    </section>
  );
}

function SignedInCheckout() {
  const location = useLocation();
  const goBack = useGoBack();
  const { _id: userId } = useSessionUser();
  // Read once: the navigation state is what checkout was opened with.
  const [direct] = useState(() => directBuyItem(location.state));
  const [quantity, setQuantity] = useState(direct?.quantity ?? 1);
  const addresses = useAddresses();
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [speed, setSpeed] = useState<DeliverySpeed>('standard');
  const [coupon, setCoupon] = useState<string | null>(null);
  const payment = useCheckoutPayment();

  const list = addresses.data ?? [];
  const address = list.find((a) => a._id === chosenAddress) ?? defaultAddress(list);
  const removed = direct !== null && quantity === 0;
  const request: QuoteRequest | null = address
    ? {
        source: sourceOf(direct, quantity),
        addressId: address._id,
        speed,
        ...(coupon ? { couponCode: coupon } : {}),
      }
    : null;
  const quote = useQuery({
    queryKey: checkoutKeys.quote(userId, request ?? ({} as QuoteRequest)),
    queryFn: ({ signal }) => getQuote(request as QuoteRequest, signal),
    enabled: request !== null && !removed,
    // The last total stays on screen while a change is priced, but cannot be paid.
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    if (!removed) return undefined;
    const timer = window.setTimeout(goBack, REMOVED_BACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [removed, goBack]);

  const priced = quote.data && !quote.isPlaceholderData ? quote.data : undefined;
  const shownSpeed = priced?.speed ?? speed;
  const expressBlocked =
    priced?.expressAvailable === false || address?.delivery?.expressAvailable === false;
  const reset = priced?.requestedSpeed === 'express' && priced.speed === 'standard';
  const noAddresses = addresses.isSuccess && list.length === 0;
  const canPay =
    acceptsPayment(payment.state) &&
    !addresses.isPending &&
    !noAddresses &&
    address !== null &&
    priced !== undefined &&
    !removed;

  return (
    <>
      <AddressPicker addresses={addresses} selected={address} onSelect={setChosenAddress} />

      <section className={styles.card} aria-label={CHECKOUT_TEXTS.speed}>
        <h2 className={styles.heading}>{CHECKOUT_TEXTS.speed}</h2>
        <label className={styles.optionLabel}>
          <input
            type="radio"
            name="speed"
            checked={shownSpeed === 'standard'}
            onChange={() => setSpeed('standard')}
          />
          <span>
            <strong>{CHECKOUT_TEXTS.standard}</strong>
            <span className={styles.muted}>{CHECKOUT_TEXTS.standardWindow}</span>
          </span>
        </label>
        <label className={styles.optionLabel}>
          <input
            type="radio"
            name="speed"
            checked={shownSpeed === 'express'}
            onChange={() => setSpeed('express')}
            disabled={expressBlocked}
          />
          <span>
            <strong>{CHECKOUT_TEXTS.express}</strong>
            <span className={styles.muted}>
              {[address?.delivery?.window, formatInr(EXPRESS_FEE_RUPEES * 100)].filter(Boolean).join(' · ')}
            </span>
          </span>
        </label>
        {reset && (
          <p className={styles.muted} role="status">
            {CHECKOUT_TEXTS.expressReset}
          </p>
        )}
      </section>

      <CouponBox
        cartItems={
          direct ? [{ product: { _id: direct.id }, size: direct.size, quantity }] : undefined
        }
        applied={coupon}
        refusal={isCouponRefusal(quote.error) ? (quote.error?.message ?? null) : null}
        onApplied={setCoupon}
        onRemoved={() => setCoupon(null)}
      />

      <Summary
        quote={quote.data}
        error={quote.error}
        needsAddress={address === null}
        direct={direct}
        quantity={quantity}
        onQuantity={setQuantity}
      />

      <section className={styles.card} aria-label={CHECKOUT_TEXTS.paymentMethod}>
        <h2 className={styles.heading}>{CHECKOUT_TEXTS.paymentMethod}</h2>
        <p className={styles.muted}>{CHECKOUT_TEXTS.paymentMethodText}</p>
      </section>

      <footer className={styles.footer}>
        {noAddresses && (
          <p className={styles.error} role="alert">
            {CHECKOUT_TEXTS.noAddress}
          </p>
        )}
        {payment.notice && (
          <p
            className={payment.notice.kind === 'error' ? styles.error : styles.muted}
            role={payment.notice.kind === 'error' ? 'alert' : 'status'}
          >
            {payment.notice.text}
          </p>
        )}
        <button
          type="button"
          className={styles.payButton}
          disabled={!canPay}
          onClick={() => {
            if (priced && request && address) {
              void payment.pay({ request, quote: priced, address: addressLine(address) });
            }
          }}
        >
          {payment.state === 'idle'
            ? CHECKOUT_TEXTS.pay(priced ? inr(priced.total) : '')
            : CHECKOUT_TEXTS.processing}
        </button>
      </footer>

      {payment.sheet && (
        <PaymentSheet
          amount={inr(payment.sheet.intent.quote.total)}
          error={payment.sheet.error}
          onPay={payment.payWithCard}
          onClose={payment.dismiss}
        />
      )}
    </>
  );
}

/**
 * Checkout (/checkout, 001 §2, §4, §5, §8): the signed-in shopper's address, delivery speed,
 * coupon and the server's quote, then the payment. Everything needs an account (001 §6), so a
 * visitor is asked to sign in first.
 */
export function CheckoutScreen() {
  const { isLoggedIn } = useSessionUser();
  const goBack = useGoBack();
  const { open } = useSignInPromptActions();
  // Signed in when checkout opened: a session lost on the way (the server answered 401) asks
  // to log in again (001 §8) rather than to sign in.
  const [wasSignedIn] = useState(isLoggedIn);
  const reason = wasSignedIn ? CHECKOUT_TEXTS.signInAgain : CHECKOUT_TEXTS.signInReason;
  useEffect(() => {
    if (!isLoggedIn) open(reason);
  }, [isLoggedIn, open, reason]);
  return (
    <div className={styles.screen}>
      <TitleBar title={CHECKOUT_TEXTS.title} onBack={goBack} />
      {isLoggedIn ? (
        <SignedInCheckout />
      ) : (
        <EmptyState
          icon={<BagIcon />}
          title={CHECKOUT_TEXTS.signIn}
          hint={CHECKOUT_TEXTS.signInHint}
          action={{
            label: CHECKOUT_TEXTS.signInButton,
            onClick: () => open(reason),
          }}
        />
      )}
    </div>
  );
}
