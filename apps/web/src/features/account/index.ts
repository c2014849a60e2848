export { AccountMenu } from './components/AccountMenu';
export { VipPopover } from './components/VipPopover';
