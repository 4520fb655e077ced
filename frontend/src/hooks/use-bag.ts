import {
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import {
  addToBag,
  bagAnswered,
  bagKeys,
  BrandConflictError,
  clearBag,
  DEFAULT_QUANTITY,
  getBag,
  removeFromBag,
  setBagQuantity,
  switchBrand,
  type Bag,
  type BagLineRequest,
} from '@/api/bag';
import { useBrandConflictActions, type PendingBrandSwitch } from '@/stores/brand-conflict';
import { useSessionUser } from '@/stores/session';
import { useSignInPromptActions } from '@/stores/sign-in-prompt';
import { showToast } from '@/stores/toasts';

export const BAG_SIGN_IN_REASON = 'Sign in to add products to your bag.';

/** The toasts of the bag's changes; the switch failure is the spec's (000 §8, 001 §8). */
export const BAG_TOASTS = {
  added: 'Added to bag',
  switchFailed: "Oops! Couldn't switch brands. Please try again.",
} as const;

/**
 * The signed-in shopper's bag (docs/http-api.md, "Bag"). Visitors have none, so nothing is
 * asked for until there is a session (001 §6).
 */
export function useBag() {
  const user = useSessionUser();
  return useQuery({
    queryKey: bagKeys.detail(user._id),
    queryFn: ({ signal }) => getBag(signal),
    enabled: user.isLoggedIn,
  });
}

/** What every change to the bag carries: the line it touches, none for Clear All. */
interface BagChangeVariables {
  productId?: string;
  size?: string;
}

/** Whether the answer of a change went into the cache. */
interface BagChangeContext {
  written: boolean;
}

const changesInFlight = (queryClient: QueryClient) =>
  queryClient.isMutating({ mutationKey: bagKeys.changes() });

/**
 * A change to the bag. Each call answers the whole bag, which goes into the cache at once. When
 * changes overlap (two lines tapped quickly) their answers may arrive out of order, so only a
 * change alone in flight writes its answer; the last of overlapping ones, or a failed one,
 * reads the bag again instead.
 */
function useBagChange<V extends BagChangeVariables>(
  call: (variables: V) => Promise<Bag>,
  notices: {
    onSuccess?: (bag: Bag, variables: V) => void;
    onError?: (error: Error, variables: V) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const { _id: userId } = useSessionUser();
  return useMutation<Bag, Error, V, BagChangeContext>({
    mutationKey: bagKeys.changes(),
    mutationFn: call,
    onMutate: () => ({ written: false }),
    onSuccess: (bag, variables, context) => {
      if (changesInFlight(queryClient) === 1) {
        bagAnswered(queryClient, userId, bag);
        context.written = true;
      }
      notices.onSuccess?.(bag, variables);
    },
    onError: (error, variables) => notices.onError?.(error, variables),
    onSettled: (_bag, error, _variables, context) => {
      const written = context?.written === true && !error;
      if (!written && changesInFlight(queryClient) === 1) {
        void queryClient.invalidateQueries({ queryKey: bagKeys.detail(userId) });
      }
    },
  });
}

/** The lines (product and size) with a change in flight, and whether any change is. */
export interface BagChangesInFlight {
  any: boolean;
  /** A change of this product in flight, of any size when none is given. */
  has: (productId: string, size?: string) => boolean;
}

export function useBagChangesInFlight(): BagChangesInFlight {
  const lines = useMutationState({
    filters: { mutationKey: bagKeys.changes(), status: 'pending' },
    select: (mutation) => (mutation.state.variables ?? {}) as BagChangeVariables,
  });
  return {
    any: lines.length > 0,
    has: (productId, size) =>
      lines.some(
        (line) => line.productId === productId && (size === undefined || line.size === size),
      ),
  };
}

const errorToast = (error: Error) => showToast({ type: 'error', message: error.message });

/** An add, and what follows it instead of the 'Added to bag' toast. */
interface AddVariables extends Required<BagLineRequest> {
  /** Buy Now goes on to checkout, after the add or after a brand switch. */
  then?: () => void;
}

export interface AddToBagOptions {
  /** What the sign-in prompt says to a visitor. */
  signInReason?: string;
}

/** What an add-to-bag button calls, and reads to wait while its add is in flight. */
export interface AddToBag {
  add: (line: BagLineRequest, then?: () => void) => void;
  isAdding: (productId: string) => boolean;
}

/**
 * Every add-to-bag button (000 §2.13 brand page, §4 Buy Now; 001 §2 curated list): a visitor
 * gets the sign-in prompt; an add says 'Added to bag' (or goes on, for Buy Now); a bag holding
 * another brand opens the brand-conflict dialog; any other refusal shows the server's words
 * ('Only 3 left in size M.').
 */
export function useAddToBag({ signInReason = BAG_SIGN_IN_REASON }: AddToBagOptions = {}): AddToBag {
  const { isLoggedIn } = useSessionUser();
  const { open } = useSignInPromptActions();
  const { conflictRaised } = useBrandConflictActions();
  const inFlight = useBagChangesInFlight();
  const change = useBagChange((line: AddVariables) => addToBag(line), {
    onSuccess: (_bag, { then }) => {
      if (then) then();
      else showToast({ type: 'success', message: BAG_TOASTS.added });
    },
    onError: (error, { then, ...line }) => {
      if (error instanceof BrandConflictError) {
        conflictRaised({
          ...line,
          currentBrand: error.currentBrand,
          newBrand: error.newBrand,
          onSwitched: then,
        });
      } else {
        errorToast(error);
      }
    },
  });

  return {
    add: ({ productId, size, quantity = DEFAULT_QUANTITY }, then) => {
      if (!isLoggedIn) {
        open(signInReason);
        return;
      }
      if (inFlight.has(productId, size)) return;
      change.mutate({ productId, size, quantity, then });
    },
    isAdding: (productId) => inFlight.has(productId),
  };
}

/**
 * The brand-conflict dialog's 'Switch to {brand}': empties the bag and adds the waiting
 * product in one call. Failure says 000 §8's words whatever the cause.
 */
export function useSwitchBrand() {
  return useBagChange(
    (pending: PendingBrandSwitch) =>
      switchBrand({ productId: pending.productId, size: pending.size, quantity: pending.quantity }),
    {
      onSuccess: (_bag, { onSwitched }) => {
        if (onSwitched) onSwitched();
        else showToast({ type: 'success', message: BAG_TOASTS.added });
      },
      onError: () => showToast({ type: 'error', message: BAG_TOASTS.switchFailed }),
    },
  );
}

/** A line's quantity (001 §4): 0 takes it out; the server's refusal is shown as it says it. */
export function useSetBagQuantity() {
  return useBagChange(
    ({ productId, size, quantity }: Required<BagLineRequest>) =>
      setBagQuantity(productId, size, quantity),
    { onError: errorToast },
  );
}

/** Whether the line was already gone (removed on another device): what the shopper asked. */
const alreadyGone = (error: Error) => error instanceof ApiError && error.status === 404;

/** Takes a line out (swipe left or the remove button). */
export function useRemoveFromBag() {
  return useBagChange(
    ({ productId, size }: { productId: string; size: string }) => removeFromBag(productId, size),
    { onError: (error) => !alreadyGone(error) && errorToast(error) },
  );
}

/** 'Clear All' after its confirmation: empties the bag. */
export function useClearBag() {
  return useBagChange((_: BagChangeVariables) => clearBag(), { onError: errorToast });
}
