import { PhotoCreatePage } from './PhotoCreatePage';

/** /store/characters?id=&source=: photo-speak, a person image that talks. */
export default function CharactersPage() {
  return <PhotoCreatePage type={1} />;
}
