import { spokenBytes } from '../../../engines/speech/testing/audio-fixtures.js';
import { startLoopbackFake, type FakeServer } from '../../../../test/loopback-fake.js';

/**
 * Fish Audio's cloud API on 127.0.0.1, as its API reference describes it: "Create Model"
 * (`POST /model`, multipart with title, train_mode, visibility and the voices sample; answers the model
 * with its `_id` and `state`) and "Text to Speech" (`POST /v1/tts`, JSON with text, reference_id and
 * format; answers the audio bytes). Every request is recorded, so a test can see which voice spoke.
 */
export async function startFakeFishAudio(modelId: string): Promise<FakeServer> {
  const audio = await spokenBytes('mp3');
  return startLoopbackFake((req) => {
    if (req.method === 'POST' && req.path === '/model') return { body: { _id: modelId, state: 'trained' } };
    if (req.method === 'POST' && req.path === '/v1/tts')
      return { headers: { 'content-type': 'audio/mpeg' }, body: audio };
    return { status: 404, body: { message: 'not found' } };
  });
}
