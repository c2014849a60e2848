import { describe, expect, it } from 'vitest';
import { addUpload, newScene, removeUpload, SCENE_UPLOADS_MAX, toItem, type SceneAudio } from './scenes';

const rec = (fileId: number): SceneAudio => ({ fileId, name: `r${fileId}.mp3`, url: `/f/${fileId}`, duration: 6 });

describe('an audio scene’s side uploader', () => {
  it('keeps up to three recordings, the newest driving the scene, and takes no fourth', () => {
    let scene = newScene('audio');
    for (const id of [1, 2, 3]) scene = { ...scene, ...addUpload(scene, rec(id)) };
    expect(scene.uploads.map((u) => u.fileId)).toEqual([1, 2, 3]);
    expect(scene.audio?.fileId).toBe(3);
    expect(SCENE_UPLOADS_MAX).toBe(3);
    expect(addUpload(scene, rec(4))).toBeNull();
    expect(toItem(scene).file_id).toBe(3);
  });

  it('hands the scene to the first recording left when the chosen one is removed, and to none when the last goes', () => {
    let scene = newScene('audio');
    for (const id of [1, 2]) scene = { ...scene, ...addUpload(scene, rec(id)) };
    scene = { ...scene, audio: rec(1) };
    expect(removeUpload(scene, 2)).toEqual({ audio: rec(1), uploads: [rec(1)] });
    scene = { ...scene, ...removeUpload(scene, 1) };
    expect(scene.audio?.fileId).toBe(2);
    scene = { ...scene, ...removeUpload(scene, 2) };
    expect(scene).toMatchObject({ audio: null, uploads: [] });
    expect(toItem(scene).file_id).toBe(0);
  });
});
