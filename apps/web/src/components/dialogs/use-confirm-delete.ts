import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { studioMessages } from '@app/contract';
import { dialogLabels } from './messages';

export interface DeleteConfirmation {
  title: string;
  content?: ReactNode;
  /** Runs on 确定; the dialog stays busy until it settles (a failure was already shown by the call). */
  onDelete: () => Promise<unknown>;
}

/**
 * The prompt before a permanent deletion (spec 001 §8): 确定 deletes, 取消 keeps the item and says
 * 已取消删除.
 */
export function useConfirmDelete(): (confirmation: DeleteConfirmation) => void {
  const { modal, message } = App.useApp();
  return useCallback(
    ({ title, content, onDelete }: DeleteConfirmation) => {
      modal.confirm({
        title,
        content,
        okText: dialogLabels.ok,
        cancelText: dialogLabels.cancel,
        okButtonProps: { danger: true },
        onOk: () => onDelete().catch(() => undefined),
        onCancel: () => void message.info(studioMessages.deleteCancelled),
      });
    },
    [modal, message],
  );
}
