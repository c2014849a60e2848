export { AuditionButton, type AuditionButtonProps } from './AuditionButton';
export { MarkedScriptBox } from './MarkedScriptBox';
export { PauseButtons } from './PauseButtons';
export { SpeechSliders, type SliderKey, type SliderValues } from './SpeechSliders';
export { pauseChip, segmentsOf, toShown, toStored, type ScriptSegment } from './script-marks';
export { scriptBoxText } from './messages';
export { estimateCost, estimateSeconds, insertAt, pauseTag, pauseTotal, scriptLength, scriptMax } from './script';
