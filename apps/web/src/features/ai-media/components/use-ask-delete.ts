import { aiMediaMessages } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { useDeleteRecord } from '../api/ai-media';
import { aiMediaLabels } from '../messages';

/**
 * Deletes a picture or video record after the user confirms; deleting the record on show also
 * empties the preview. Used by the history list and the preview's delete button alike.
 */
export function useAskDelete(
  kind: 'image' | 'video',
  selected: number | null,
  clear: () => void,
): (id: number) => void {
  const remove = useDeleteRecord(kind);
  const confirmDelete = useConfirmDelete();
  return (id) =>
    confirmDelete({
      title: aiMediaLabels.confirmDeleteTitle,
      content: aiMediaMessages.confirmDelete,
      onDelete: () =>
        remove.mutateAsync(id).then(() => {
          if (id === selected) clear();
        }),
    });
}
