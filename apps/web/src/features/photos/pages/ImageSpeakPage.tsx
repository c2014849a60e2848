import { PhotoLibraryPage } from './PhotoLibraryPage';

/** /store/imageSpeak: the AI person-image library, my uploads and the material library. */
export default function ImageSpeakPage() {
  return <PhotoLibraryPage type={1} />;
}
