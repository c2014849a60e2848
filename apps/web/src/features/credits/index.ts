export { CreditsPopover } from './components/CreditsPopover';
export { RedeemDialog } from './components/RedeemDialog';
