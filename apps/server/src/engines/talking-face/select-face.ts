import type { DetectedFace, FaceRegion, Point } from './face-api.js';

/** The face's own frame read from its 68 landmarks: centre, roll (radians, clockwise) and size. */
export interface FacePose {
  centre: Point;
  /** Angle of the line from the right eye to the left eye (as seen: left to right on screen). */
  roll: number;
  /** Distance between the eye centres and the mouth's middle: a measure of the face's scale. */
  size: number;
}

/** The mean of points. */
export function centroid(points: Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x / points.length;
    y += p.y / points.length;
  }
  return { x, y };
}

export function facePose(landmarks: Point[]): FacePose {
  const eyeA = centroid(landmarks.slice(36, 42));
  const eyeB = centroid(landmarks.slice(42, 48));
  const mouth = centroid(landmarks.slice(48, 68));
  const eyes = { x: (eyeA.x + eyeB.x) / 2, y: (eyeA.y + eyeB.y) / 2 };
  return {
    centre: centroid(landmarks),
    roll: Math.atan2(eyeB.y - eyeA.y, eyeB.x - eyeA.x),
    size: Math.hypot(eyeB.x - eyeA.x, eyeB.y - eyeA.y) + Math.hypot(mouth.x - eyes.x, mouth.y - eyes.y),
  };
}

/**
 * How much a face looks like the clip's presenter: its size, less the further it sits from the
 * middle of the frame (a face at a corner counts about half of the same face in the centre).
 */
export function presenterScore(face: DetectedFace, width: number, height: number): number {
  const { centre, size } = facePose(face.landmarks);
  const dx = (centre.x - width / 2) / (width / 2);
  const dy = (centre.y - height / 2) / (height / 2);
  const off = Math.min(1, Math.hypot(dx, dy) / Math.SQRT2);
  return size * (1 - 0.5 * off);
}

/** The face most like the presenter, or null when there is none. */
export function choosePresenter(faces: DetectedFace[], width: number, height: number): DetectedFace | null {
  let best: DetectedFace | null = null;
  let bestScore = -Infinity;
  for (const f of faces) {
    const s = presenterScore(f, width, height);
    if (s > bestScore) {
      best = f;
      bestScore = s;
    }
  }
  return best;
}

/** One face found by several searches (straight, turned, another detector) is kept once: the best scored. */
export function mergeFaces(faces: DetectedFace[]): DetectedFace[] {
  const kept: DetectedFace[] = [];
  for (const f of [...faces].sort((a, b) => b.score - a.score)) {
    const p = facePose(f.landmarks);
    const same = kept.some((k) => {
      const q = facePose(k.landmarks);
      return Math.hypot(p.centre.x - q.centre.x, p.centre.y - q.centre.y) < 0.5 * Math.max(p.size, q.size);
    });
    if (!same) kept.push(f);
  }
  return kept;
}

/** Where the presenter was last seen, to recognise her among the faces found later. */
export interface PresenterAt {
  pose: FacePose;
  /** Samples since she was last seen. */
  missed: number;
}

/**
 * The presenter among `faces`, or null: the face nearest where she was last seen, of about her size.
 * The distance allowed grows slowly with the time she has not been seen (a presenter moves a little)
 * but stays under one and a half faces, so another person beside her is never taken for her.
 */
export function matchPresenter(faces: DetectedFace[], at: PresenterAt): DetectedFace | null {
  const reach = at.pose.size * Math.min(1.5, 0.5 + 0.1 * at.missed);
  let best: DetectedFace | null = null;
  let bestDistance = Infinity;
  for (const f of faces) {
    const p = facePose(f.landmarks);
    const ratio = p.size / at.pose.size;
    if (ratio < 0.6 || ratio > 1.6) continue;
    const d = Math.hypot(p.centre.x - at.pose.centre.x, p.centre.y - at.pose.centre.y);
    if (d <= reach && d < bestDistance) {
      best = f;
      bestDistance = d;
    }
  }
  return best;
}

/** The region around a face to search it again: a square of `times` its size, turned as the face. */
export function searchRegion(pose: FacePose, times: number): FaceRegion {
  const side = pose.size * times;
  return { cx: pose.centre.x, cy: pose.centre.y, width: side, height: side, angle: pose.roll };
}
