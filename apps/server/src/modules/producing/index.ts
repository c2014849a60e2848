export * from './paid-job.js';
export { chunkSlots, sceneSlots, workSlots } from './slots.js';
export {
  checkAudioCaptions,
  checkSpokenDrive,
  creditsFor,
  spokenWorkHold,
  pricedWorkHold,
  type DriveUploads,
  type SpokenDrive,
  keepParams,
  resultFacts,
  silence,
  speechStep,
  spokenParams,
  spokenParamsShape,
  speakInVoice,
  submitWork,
  type WorkOrder,
  storedStepFile,
  workEndings,
  workPrefix,
  workSlot,
  type ProducedWork,
  type WorkSteps,
} from './spoken-work.js';
export { checkRenderCost, type RenderSpan } from './render-cost.js';
export { listWorkChannels } from './work-channels.js';
export { paidStream } from './paid-stream.js';
export { paidCall, type PaidCallSpec } from './paid-call.js';
export { canvasShape, fitIntoCanvas, type Canvas } from './canvas.js';
export {
  captionFontsDir,
  DEFAULT_PLACEMENT,
  finishingOf,
  finishVideo,
  type BackdropPlan,
  type FinishPlan,
  type MusicPlan,
  type Placement,
} from './finish.js';
export { creditActionOf, type OrderOptions } from './order-options.js';
export {
  backdropPlan,
  checkFinish,
  finishParamsShape,
  musicPlan,
  type FinishOrder,
  type FinishUploads,
  type ScreenOf,
} from './finish-order.js';
export { captionsStep, timeCaptions, pictureSize, type CaptionSource } from './captions-step.js';
export { captionParamsShape, captionsSrt, writeCaptionsAss, type CaptionCue } from './captions.js';
