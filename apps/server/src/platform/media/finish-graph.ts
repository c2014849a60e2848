/**
 * A finishing graph as an ffmpeg run takes it: what the finished picture and sound are built from, and
 * what the graph adds to the run. Produced by the producing feature's finish plan; run either as a pass
 * of its own over a rendered file or inside an engine's own encode (one encode instead of two).
 */

/** The picture and sound a finishing graph starts from: a rendered file, or an engine's streams before its encode. */
export interface FinishSource {
  /** Filter labels of the picture and the sound (e.g. `[0:v]`, `[0:a]`); each is read once. */
  video: string;
  audio: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What a finishing graph adds to an ffmpeg run: its own inputs (after the run's others), filters and the labels to map. */
export interface FinishGraph {
  inputs: string[];
  filters: string[];
  /** The finished picture's label, or null when the picture is left as it is. */
  video: string | null;
  /** The finished sound's label, or null when the sound is left as it is. */
  audio: string | null;
}

/** Builds the graph for a run whose picture and sound are `src`, after `base` inputs of its own. */
export type FinishBuilder = (src: FinishSource, base: number) => FinishGraph;

/** The x264 settings of every finished picture (the engines' own). */
export const FINISHED_VIDEO_CODEC = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
