import { BookOutlined, PoweroffOutlined, PlayCircleOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Drawer, Flex, Grid, Row, Statistic, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  beatLiveSession,
  endLiveSession,
  liveSessionMessages as m,
  startLiveSession,
  stopLiveAnswer,
  type LiveConfig,
} from '@app/contract';
import { refreshBalance, useAccountInfo } from '../../../entities/account';
import { call } from '../../../lib/api';
import { useToolState } from '../../../lib/tool-state';
import { askUrl, useLiveConfigs, useLiveOptions } from '../api/live';
import { ConfigDialog } from '../components/ConfigDialog';
import { ConfigList } from '../components/ConfigList';
import { LiveHeader } from '../components/LiveHeader';
import { LiveStage } from '../components/LiveStage';
import { QaLibrary } from '../components/QaLibrary';
import { QuestionBox } from '../components/QuestionBox';
import { Transcript } from '../components/Transcript';
import { WidgetDialog } from '../components/WidgetDialog';
import { useLiveAsk } from '../hooks/use-live-ask';
import { useLiveSession, type SessionCalls } from '../hooks/use-live-session';
import { liveLabels as t } from '../messages';
import { LivePlayer, type LivePlayerHandle } from '../player/LivePlayer';

/**
 * The live digital human (/live): choose a configuration (avatar, voice, answer source, persona), start a session
 * at the price per minute shown, ask by typing; the avatar answers aloud sentence by sentence while the transcript
 * shows the text; a new question interrupts. The Q&A library and the widget are a click away.
 */
export default function LivePage() {
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const tool = useToolState('live');
  const options = useLiveOptions();
  const configs = useLiveConfigs();
  const account = useAccountInfo();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<LiveConfig | 'new' | null>(null);
  const [publishing, setPublishing] = useState<LiveConfig | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [result, setResult] = useState<string>('');
  const speaker = useRef<LivePlayerHandle>(null);
  const [speaking, setSpeaking] = useState(false);
  const [readyAvatar, setReadyAvatar] = useState(0);

  const list = configs.data?.list ?? [];
  const chosen = list.find((c) => c.id === chosenId) ?? list[0] ?? null;
  const opts = options.data;

  const calls: SessionCalls = useMemo(
    () => ({
      start: async () => {
        const s = await call(startLiveSession, { config_id: chosen?.id ?? 0 });
        void refreshBalance(qc);
        return s;
      },
      beat: (session_id) => call(beatLiveSession, { session_id }, { quiet: true }),
      end: (session_id) => call(endLiveSession, { session_id }),
    }),
    [chosen?.id, qc],
  );
  const live = useLiveSession(calls, (r) => {
    speaker.current?.stop();
    setResult(r ? t.ended(r.minutes, r.credits) : m.sessionEnded);
    void refreshBalance(qc);
  });
  const sessionId = live.session?.session_id ?? '';
  const ask = useLiveAsk({
    speaker: () => speaker.current,
    streamUrl: (a) => askUrl({ session_id: sessionId }, a),
    interrupt: () => call(stopLiveAnswer, { session_id: sessionId }, { quiet: true }),
  });

  const running = !!live.session;
  const refusal = !tool.available ? '' : opts && !opts.allowed_now ? m.guestsRefused : '';
  const canStart = !!chosen && tool.available && !!opts?.allowed_now && !running && !live.busy;

  const start = async () => {
    setResult('');
    ask.reset();
    try {
      const s = await live.start();
      if (s.greeting) ask.ask({ greet: true });
    } catch {
      /* the call said why */
    }
  };
  const end = async () => {
    ask.silence();
    await live.end();
  };

  const price = live.session?.price_per_minute ?? opts?.price_per_minute ?? 0;
  const session = (
    <Card size="small">
      <Flex vertical gap={12}>
        <ConfigList
          configs={list}
          chosen={chosen?.id ?? null}
          locked={running || !!live.busy}
          onChoose={setChosenId}
          onEdit={setEditing}
        />
        {opts ? (
          <Flex vertical gap={2}>
            <Typography.Text data-testid="live-price">{t.pricePerMinute(opts.price_per_minute)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.maxMinutes(opts.max_minutes)}
            </Typography.Text>
          </Flex>
        ) : null}
        <Typography.Text type="secondary" data-testid="live-balance">
          {t.balance(account.data?.credits ?? 0)}
        </Typography.Text>
        {refusal ? <Alert type="warning" showIcon message={refusal} /> : null}
        {running ? (
          <Flex gap={16} wrap>
            <Statistic
              title={t.elapsedLabel}
              value={t.elapsed(Math.floor(live.seconds / 60), live.seconds % 60)}
              valueStyle={{ fontSize: 20 }}
              data-testid="live-elapsed"
            />
            <Statistic
              title={t.chargedLabel}
              value={live.minutes * price}
              suffix={t.creditsUnit}
              valueStyle={{ fontSize: 20 }}
              data-testid="live-charged"
            />
          </Flex>
        ) : null}
        {running ? (
          <Button
            danger
            size="large"
            block
            icon={<PoweroffOutlined />}
            loading={live.busy === 'ending'}
            onClick={() => void end()}
          >
            {t.end}
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            icon={<PlayCircleOutlined />}
            disabled={!canStart}
            loading={live.busy === 'starting'}
            onClick={() => void start()}
          >
            {t.start}
          </Button>
        )}
        {result ? <Alert type="success" showIcon message={result} data-testid="live-result" /> : null}
      </Flex>
    </Card>
  );

  const stage = (
    <LiveStage
      cover={chosen && readyAvatar !== chosen.avatar_id ? chosen.avatar_cover : undefined}
      speaking={speaking}
      running={running}
      footer={
        <Flex vertical gap={4}>
          <QuestionBox
            disabled={!running}
            onAsk={(question) => ask.ask({ question })}
            mic={opts?.transcribe_ready && running ? { sessionId, onListen: ask.silence } : null}
          />
          {opts && !opts.transcribe_ready ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="live-mic-off">
              {t.micUnavailable}
            </Typography.Text>
          ) : null}
        </Flex>
      }
    >
      {chosen ? (
        <LivePlayer
          key={chosen.avatar_id}
          ref={speaker}
          avatarId={chosen.avatar_id}
          onSpeakingChange={setSpeaking}
          onReady={() => setReadyAvatar(chosen.avatar_id)}
        />
      ) : null}
    </LiveStage>
  );

  const transcript = (
    <Card
      size="small"
      title={t.transcript}
      style={{ height: '100%' }}
      styles={{
        body: {
          maxHeight: screens.lg ? 'calc(100dvh - 260px)' : 360,
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
        },
      }}
    >
      <Transcript turns={ask.turns} />
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <LiveHeader
        actions={
          <>
            <Button icon={<BookOutlined />} onClick={() => setLibraryOpen(true)}>
              {t.library}
            </Button>
            <Button icon={<ShareAltOutlined />} disabled={!chosen} onClick={() => setPublishing(chosen)}>
              {t.publish}
            </Button>
          </>
        }
      />
      <Row gutter={[16, 16]}>
        {/* On a narrow screen a running session puts the avatar first. */}
        <Col xs={{ span: 24, order: running ? 2 : 1 }} lg={{ span: 7, order: 1 }}>
          {session}
        </Col>
        <Col xs={{ span: 24, order: running ? 1 : 2 }} lg={{ span: 9, order: 2 }}>
          {stage}
        </Col>
        <Col xs={{ span: 24, order: 3 }} lg={{ span: 8, order: 3 }}>
          {transcript}
        </Col>
      </Row>
      <Drawer
        title={t.libraryTitle}
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        width={screens.md ? 560 : '100%'}
        destroyOnHidden
      >
        <QaLibrary />
      </Drawer>
      <ConfigDialog
        config={editing}
        options={opts}
        onClose={() => setEditing(null)}
        onSaved={(c) => setChosenId(c.id)}
      />
      <WidgetDialog config={publishing} onClose={() => setPublishing(null)} />
    </Flex>
  );
}
