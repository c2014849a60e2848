import { PhotoLibraryPage } from './PhotoLibraryPage';

/** /pet: the AI pet library and my pet uploads. */
export default function PetPage() {
  return <PhotoLibraryPage type={2} />;
}
