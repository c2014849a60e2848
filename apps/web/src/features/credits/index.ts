export { CreditsPopover } from './components/CreditsPopover';
export { RedeemDialogHost as RedeemDialog } from './components/RedeemDialogHost';
