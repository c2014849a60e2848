import { PhotoCreatePage } from './PhotoCreatePage';

/** /pet/establish?id=&source=: a talking video of a pet photo. */
export default function PetCreatePage() {
  return <PhotoCreatePage type={2} />;
}
