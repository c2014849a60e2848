export { NameDialog, type NameDialogProps } from './NameDialog';
export { useConfirmDelete, type DeleteConfirmation } from './use-confirm-delete';
