import { Flex, Image } from 'antd';
import { FileUpload } from '../../../components/upload';

/**
 * A picture of a console form: the current one as a thumbnail and an upload that replaces it. The
 * value is the uploaded picture's URL (the server takes it into public storage on save).
 */
export function PictureField({
  value,
  onChange,
  hint,
  label,
}: {
  value?: string;
  onChange?: (url: string) => void;
  hint: string;
  label: string;
}) {
  return (
    <Flex gap={12} align="flex-start">
      <div style={{ flex: 1 }}>
        <FileUpload fileType="image" hint={hint} onUploaded={(file) => onChange?.(file.url)} />
      </div>
      {value ? <Image src={value} alt={label} width={96} height={96} style={{ objectFit: 'cover' }} /> : null}
    </Flex>
  );
}
