import { useSwitchBrand } from '@/hooks/use-bag';
import {
  useBrandConflictActions,
  usePendingBrandSwitch,
  type PendingBrandSwitch,
} from '@/stores/brand-conflict';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** The dialog's words: the buttons are the spec's (001 §2 Bag), the title and body ours. */
export const BRAND_CONFLICT_TEXTS = {
  title: (current: string) => `Your bag has items from ${current}`,
  message: (current: string, next: string) =>
    `A bag holds one brand at a time. Switching to ${next} empties your bag of ${current} and adds this item.`,
  switch: (next: string) => `Switch to ${next}`,
  switching: 'Switching...',
  keep: (current: string) => `Keep ${current}`,
} as const;

function BrandConflict({ pending }: { pending: PendingBrandSwitch }) {
  const { conflictClosed } = useBrandConflictActions();
  const switchBrand = useSwitchBrand();
  const current = pending.currentBrand.name;
  const next = pending.newBrand.name;

  return (
    <ConfirmDialog
      title={BRAND_CONFLICT_TEXTS.title(current)}
      message={BRAND_CONFLICT_TEXTS.message(current, next)}
      confirmLabel={BRAND_CONFLICT_TEXTS.switch(next)}
      busyLabel={BRAND_CONFLICT_TEXTS.switching}
      cancelLabel={BRAND_CONFLICT_TEXTS.keep(current)}
      busy={switchBrand.isPending}
      // The switch's toasts come from the call itself: 'Added to bag', or 000 §8's failure.
      onConfirm={() => switchBrand.mutate(pending, { onSettled: conflictClosed })}
      onCancel={conflictClosed}
    />
  );
}

/**
 * The brand-conflict dialog over the shell (000 §2.2, 001 §2 Bag): an add refused because the
 * bag holds another brand's items waits in stores/brand-conflict. 'Switch to {brand}' empties the
 * bag and adds it; 'Keep {brand}', Close or Escape leave the bag as it is.
 */
export function BrandConflictDialog() {
  const pending = usePendingBrandSwitch();
  // Keyed by the refused add: a new conflict starts with a fresh switch call.
  return pending === null ? null : (
    <BrandConflict key={`${pending.productId}/${pending.size}`} pending={pending} />
  );
}
