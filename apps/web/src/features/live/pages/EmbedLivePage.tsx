import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  beatEmbedLiveSession,
  embedLiveAvatar,
  endEmbedLiveSession,
  liveSessionMessages as m,
  startEmbedLiveSession,
  stopEmbedLiveAnswer,
} from '@app/contract';
import { ApiError, call } from '../../../lib/api';
import { askUrl, embedHost, useEmbedConfig } from '../api/live';
import { LiveStage } from '../components/LiveStage';
import { QuestionBox } from '../components/QuestionBox';
import { useLiveAsk } from '../hooks/use-live-ask';
import { useLiveSession, type SessionCalls } from '../hooks/use-live-session';
import { liveLabels as t } from '../messages';
import { LIVE_ASSETS_TIMEOUT_MS, LivePlayer, type LiveAssetsLoader, type LivePlayerHandle } from '../player/LivePlayer';

/**
 * A published widget (#/embed/live/:key) as another site's iframe shows it: no app around it and no login, only
 * the avatar and the question box; its minutes are billed to the widget's owner.
 */
export default function EmbedLivePage() {
  const key = useParams().key ?? '';
  const widget = useEmbedConfig(key);
  const speaker = useRef<LivePlayerHandle>(null);
  const [speaking, setSpeaking] = useState(false);
  const [ended, setEnded] = useState('');
  const calls: SessionCalls = useMemo(() => {
    const host = embedHost();
    return {
      start: () => call(startEmbedLiveSession, { key, host }),
      beat: (session_id) => call(beatEmbedLiveSession, { key, host, session_id }, { quiet: true }),
      end: (session_id) => call(endEmbedLiveSession, { key, host, session_id }, { quiet: true }),
    };
  }, [key]);
  // The owner's avatar, fetched by the widget's key: the visitor has no login of their own.
  const loadAssets: LiveAssetsLoader = useMemo(
    () => () => call(embedLiveAvatar, { key, host: embedHost() }, { quiet: true, timeoutMs: LIVE_ASSETS_TIMEOUT_MS }),
    [key],
  );
  const live = useLiveSession(calls, () => {
    speaker.current?.stop();
    setEnded(m.sessionEnded);
  });
  const sessionId = live.session?.session_id ?? '';
  const ask = useLiveAsk({
    speaker: () => speaker.current,
    streamUrl: (a) => askUrl({ session_id: sessionId, embedKey: key }, a),
    interrupt: () => call(stopEmbedLiveAnswer, { key, host: embedHost(), session_id: sessionId }, { quiet: true }),
  });

  if (widget.isLoading)
    return (
      <Flex align="center" justify="center" style={{ height: '100dvh' }}>
        <Spin />
      </Flex>
    );
  if (!widget.data) {
    const why = widget.error instanceof ApiError ? widget.error.message : '';
    return <Result status="warning" title={why || t.embedGone} style={{ paddingTop: 80 }} />;
  }

  const start = async () => {
    setEnded('');
    ask.reset();
    try {
      const s = await live.start();
      if (s.greeting) ask.ask({ greet: true });
    } catch {
      /* the call said why */
    }
  };
  const last = ask.turns.at(-1);

  return (
    <Flex vertical gap={12} style={{ padding: 12, height: '100dvh', boxSizing: 'border-box' }}>
      <LiveStage speaking={speaking} running={!!live.session}>
        <LivePlayer
          ref={speaker}
          avatarId={widget.data.avatar_id}
          embedKey={key}
          loadAssets={loadAssets}
          onSpeakingChange={setSpeaking}
        />
        {!live.session ? (
          <Flex vertical align="center" justify="center" gap={8} style={{ position: 'absolute', inset: 0 }}>
            <Button
              type="primary"
              size="large"
              shape="round"
              icon={<PlayCircleOutlined />}
              loading={live.busy === 'starting'}
              onClick={() => void start()}
            >
              {t.embedStart}
            </Button>
            {ended ? <Typography.Text type="secondary">{ended}</Typography.Text> : null}
          </Flex>
        ) : last ? (
          <div
            data-testid="live-answer"
            style={{
              position: 'absolute',
              left: 12,
              right: 12,
              bottom: 12,
              padding: '8px 12px',
              borderRadius: 8,
              background: 'rgba(0,0,0,0.55)',
              color: '#fff',
              maxHeight: '35%',
              overflowY: 'auto',
            }}
          >
            {last.sentences.join('') || '…'}
          </div>
        ) : null}
      </LiveStage>
      <QuestionBox disabled={!live.session} onAsk={(question) => ask.ask({ question })} mic={null} />
    </Flex>
  );
}
