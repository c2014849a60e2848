import { AudioOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { hearLiveQuestion, LIVE_HEAR_MAX_SECONDS } from '@app/contract';
import { postRecording } from '../../../components/upload/upload-api';
import { feedback } from '../../../lib/feedback';
import { liveLabels as t } from '../messages';

type MicState = 'idle' | 'listening' | 'hearing';

/** The recording format this browser makes: Opus in WebM (Chromium, Firefox) or MP4 (Safari). */
const recordingType = () =>
  ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported(type)) ?? '';

/**
 * 按住说话: held down, the microphone records; let go, the recording is heard by the server and the words
 * asked as the question (which interrupts the answer being spoken). Past the longest question it stops
 * by itself.
 */
export function MicButton({
  sessionId,
  disabled,
  onHeard,
  onListen,
}: {
  sessionId: string;
  disabled: boolean;
  onHeard: (question: string) => void;
  /** Called as recording starts: the avatar falls silent while the visitor speaks. */
  onListen: () => void;
}) {
  const [state, setState] = useState<MicState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const held = useRef(false);
  const limit = useRef<number>(0);

  useEffect(
    () => () => {
      window.clearTimeout(limit.current);
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const begin = async () => {
    if (disabled || state !== 'idle') return;
    held.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      held.current = false;
      return feedback.error(t.micDenied);
    }
    // Let go before the microphone was granted: nothing to hear.
    if (!held.current) return stream.getTracks().forEach((track) => track.stop());
    const type = recordingType();
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && parts.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const blob = new Blob(parts, { type: rec.mimeType });
      setState('hearing');
      postRecording(
        hearLiveQuestion,
        { session_id: sessionId },
        blob,
        rec.mimeType.includes('mp4') ? 'q.mp4' : 'q.webm',
      )
        .then((r) => onHeard(r.text))
        .catch((e: unknown) => feedback.error(e instanceof Error && e.message ? e.message : t.heardNothing))
        .finally(() => setState('idle'));
    };
    recorder.current = rec;
    rec.start();
    onListen();
    setState('listening');
    limit.current = window.setTimeout(() => finish(), LIVE_HEAR_MAX_SECONDS * 1000);
  };

  const finish = () => {
    held.current = false;
    window.clearTimeout(limit.current);
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  return (
    <Button
      size="large"
      block
      disabled={disabled || state === 'hearing'}
      type={state === 'listening' ? 'primary' : 'default'}
      danger={state === 'listening'}
      icon={state === 'hearing' ? <LoadingOutlined /> : <AudioOutlined />}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        void begin();
      }}
      onPointerUp={finish}
      onPointerCancel={finish}
      onKeyDown={(e) => {
        if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) void begin();
      }}
      onKeyUp={(e) => {
        if (e.key === ' ' || e.key === 'Enter') finish();
      }}
      onContextMenu={(e) => e.preventDefault()}
      style={{ touchAction: 'none', userSelect: 'none' }}
    >
      {state === 'listening' ? t.speakRelease : state === 'hearing' ? t.transcribing : t.speak}
    </Button>
  );
}
