import { VideoStudio } from '../components/VideoStudio';

/** Text-to-video (/store/wsVideo). */
export default function TextVideoPage() {
  return <VideoStudio type="text" />;
}
