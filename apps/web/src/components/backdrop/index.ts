export { BackgroundPanel } from './BackgroundPanel';
export { MusicPanel } from './MusicPanel';
export { finishMissing, finishParamsOf, finishProblem, finishRequest, useFinishStore } from './finish-store';
export { keyOutScreen } from './chroma-key';
export { backdropText, musicText } from './messages';
