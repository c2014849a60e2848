import { Empty, Flex, Tag, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import type { LiveTurn } from '../hooks/use-live-ask';
import { liveLabels as t } from '../messages';

const sourceTag: Record<string, string> = {
  qa: t.answerFromQa,
  fallback: t.answerFromFallback,
  chat: t.answerFromChat,
};

/** The questions asked and the answers spoken, sentence by sentence as they arrive; the newest at the bottom. */
export function Transcript({ turns }: { turns: LiveTurn[] }) {
  const { token } = theme.useToken();
  const bottom = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  const size = `${turns.length}:${last?.sentences.length ?? 0}:${last?.state ?? ''}`;
  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [size]);
  if (!turns.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.emptyTranscript} style={{ margin: 'auto' }} />;
  return (
    <Flex vertical gap={12} aria-live="polite">
      {turns.map((turn) => (
        <Flex key={turn.id} vertical gap={6} data-testid="live-turn">
          {turn.question ? (
            <Flex justify="flex-end">
              <div
                data-testid="live-question"
                style={{
                  maxWidth: '85%',
                  padding: '6px 12px',
                  borderRadius: token.borderRadiusLG,
                  background: token.colorPrimary,
                  color: token.colorWhite,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                }}
              >
                {turn.question}
              </div>
            </Flex>
          ) : null}
          <Flex vertical gap={4} style={{ maxWidth: '90%' }}>
            <div
              data-testid="live-answer"
              data-state={turn.state}
              style={{
                padding: '6px 12px',
                borderRadius: token.borderRadiusLG,
                background: token.colorFillTertiary,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                minHeight: 32,
              }}
            >
              {turn.sentences.join('')}
              {turn.state === 'open' && !turn.sentences.length ? (
                <Typography.Text type="secondary">…</Typography.Text>
              ) : null}
            </div>
            <Flex gap={6} align="center" wrap>
              {sourceTag[turn.source] ? <Tag style={{ marginInlineEnd: 0 }}>{sourceTag[turn.source]}</Tag> : null}
              {turn.state === 'stopped' ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t.interrupted}
                </Typography.Text>
              ) : null}
              {turn.state === 'failed' && turn.error.trim() ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {turn.error}
                </Typography.Text>
              ) : null}
            </Flex>
          </Flex>
        </Flex>
      ))}
      <div ref={bottom} />
    </Flex>
  );
}
