export { CaptionsPanel, captionCss, sampleLine } from './CaptionsPanel';
export { captionRequest, useCaptionsStore } from './captions-store';
export { captionsText } from './messages';
