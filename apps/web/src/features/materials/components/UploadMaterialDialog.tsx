import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { FileType, MaterialType } from '@app/contract';
import { displayName, FileUpload } from '../../../components/upload';
import { refreshStorage } from '../../../entities/account';
import { refreshMaterials } from '../../../entities/materials';
import { saveUpload } from '../api/save-material';
import { materialsLabels } from '../messages';

const FILE_TYPE: Record<MaterialType, FileType> = { image: 'image', video: 'video', audio: 'voice' };

/**
 * Uploads one file straight into the library: sign, post to storage, then register and save it under
 * its file name in one server step.
 */
export function UploadMaterialDialog({
  type,
  open,
  onClose,
}: {
  type: MaterialType;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <Modal title={materialsLabels.uploadTitle[type]} open={open} footer={null} onCancel={onClose} destroyOnHidden>
      <FileUpload
        fileType={FILE_TYPE[type]}
        hint={materialsLabels.uploadHint[type]}
        keep={async (url, original) => {
          try {
            await saveUpload(FILE_TYPE[type], url, displayName(original.name));
          } finally {
            // Even when the answer is lost on the way, the server may have saved it: the list says.
            await Promise.all([refreshMaterials(queryClient), refreshStorage(queryClient)]);
          }
        }}
      />
    </Modal>
  );
}
