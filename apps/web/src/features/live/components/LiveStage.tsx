import { Flex, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { liveLabels as t } from '../messages';

/**
 * The avatar's stage: a portrait box where the avatar idles and speaks, the state in its corner, and what the
 * session shows over its foot (the timer, the question box).
 */
export function LiveStage({
  cover,
  speaking,
  running,
  children,
  footer,
}: {
  cover?: string;
  speaking: boolean;
  running: boolean;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12} style={{ width: '100%' }}>
      <div
        data-testid="live-stage"
        style={{
          position: 'relative',
          height: 'clamp(360px, calc(100dvh - 300px), 760px)',
          aspectRatio: '9 / 16',
          maxWidth: '100%',
          margin: '0 auto',
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
          background: `center / cover no-repeat ${cover ? `url("${cover}")` : ''}, ${token.colorFillSecondary}`,
        }}
      >
        {children}
        {running ? (
          <Tag
            color={speaking ? 'processing' : 'default'}
            style={{ position: 'absolute', top: 12, left: 12, marginInlineEnd: 0 }}
            data-testid="live-state"
          >
            {speaking ? t.speaking : t.idle}
          </Tag>
        ) : null}
      </div>
      {footer}
    </Flex>
  );
}
