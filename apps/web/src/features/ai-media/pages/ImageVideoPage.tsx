import { VideoStudio } from '../components/VideoStudio';

/** Image-to-video (/store/tsVideo): first and last frame, or an image reference. */
export default function ImageVideoPage() {
  return <VideoStudio type="image" />;
}
