import { lazy, Suspense } from 'react';
import { useAppStore } from '../../../stores/app-store';

// The redeem form is code-split; it stays mounted once opened so closing keeps its animation.
const RedeemDialog = lazy(() => import('./RedeemDialog'));

/** Mounted by the shell on every page; loads the dialog the first time something opens it. */
export function RedeemDialogHost() {
  const everOpened = useAppStore((s) => s.redeemOpened);
  return everOpened ? (
    <Suspense fallback={null}>
      <RedeemDialog />
    </Suspense>
  ) : null;
}
