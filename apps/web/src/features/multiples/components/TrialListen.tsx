import { useState } from 'react';
import { AuditionButton } from '../../../components/script-box';
import type { AuditionRequest } from '../../../lib/audition';
import type { Scene } from '../lib/scenes';

const sameRequest = (a: AuditionRequest, b: AuditionRequest) =>
  a.voice_id === b.voice_id && a.text === b.text && a.rate === b.rate && a.volume === b.volume && a.pitch === b.pitch;

/**
 * Trial listen of one scene, the studio's: its stored text (pause tags included) in its voice with the
 * scene's sliders; the result is played again until the text, voice or sliders change.
 */
export function TrialListen({ scene }: { scene: Scene }) {
  const [kept, setKept] = useState<{ request: AuditionRequest; url: string } | null>(null);
  const request: AuditionRequest | null =
    scene.text.trim() && scene.voice
      ? { voice_id: scene.voice.id, text: scene.text, rate: scene.rate, volume: scene.volume, pitch: scene.pitch }
      : null;
  return (
    <AuditionButton
      size="small"
      request={request}
      kept={request && kept && sameRequest(kept.request, request) ? kept : null}
      onSynthesized={(job, asked) => setKept({ request: asked, url: job.url })}
    />
  );
}
