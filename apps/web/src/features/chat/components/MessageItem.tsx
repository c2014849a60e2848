import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Collapse, Flex, Typography, theme } from 'antd';
import { CHAT_STATUS } from '@app/contract';
import { chatLabels as t } from '../messages';
import { AnswerActions } from './AnswerActions';

export interface ShownMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  status: number;
  /** Set on the answer being written now. */
  live?: { open: boolean; failed: string };
}

/** One question (right) or answer (left); an r1 answer shows its reasoning in a collapsible block above it. */
export function MessageItem({ m, onStop }: { m: ShownMessage; onStop: () => void }) {
  const { token } = theme.useToken();
  const mine = m.role === 'user';
  const failed = m.live ? !!m.live.failed && !m.content : m.status === CHAT_STATUS.failed;
  const waiting = !!m.live && !m.content && !failed;
  const bubble = {
    padding: '10px 14px',
    borderRadius: token.borderRadiusLG,
    background: mine ? token.colorPrimary : token.colorFillTertiary,
    color: mine ? token.colorTextLightSolid : token.colorText,
    whiteSpace: 'pre-wrap' as const,
    wordBreak: 'break-word' as const,
    lineHeight: 1.7,
  };
  return (
    <Flex
      gap={10}
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-start"
      role="article"
      aria-label={mine ? '我的问题' : 'AI回答'}
    >
      {!mine ? <Avatar icon={<RobotOutlined />} style={{ background: token.colorPrimary, flex: 'none' }} /> : null}
      <Flex vertical gap={6} style={{ maxWidth: 'min(760px, 85%)', alignItems: mine ? 'flex-end' : 'flex-start' }}>
        {m.reasoning ? (
          <Collapse
            size="small"
            defaultActiveKey={m.live ? ['r'] : []}
            style={{ width: '100%' }}
            items={[
              {
                key: 'r',
                label: m.live?.open && !m.content ? t.thinking : t.reasoning,
                children: (
                  <Typography.Paragraph
                    type="secondary"
                    style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 13 }}
                    data-testid="reasoning"
                  >
                    {m.reasoning}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        ) : null}
        <div style={bubble} data-testid={mine ? 'question' : 'answer'}>
          {failed ? (
            <Typography.Text type="danger">{m.live?.failed.trim() || t.failed}</Typography.Text>
          ) : waiting ? (
            <Typography.Text type="secondary">{m.reasoning ? t.thinking : t.waiting}</Typography.Text>
          ) : (
            m.content
          )}
          {m.status === CHAT_STATUS.stopped && !m.live ? (
            <Typography.Text type="secondary"> {t.stopped}</Typography.Text>
          ) : null}
        </div>
        {!mine && !failed ? <AnswerActions text={m.content} streaming={!!m.live} onStop={onStop} /> : null}
      </Flex>
      {mine ? <Avatar icon={<UserOutlined />} style={{ flex: 'none' }} /> : null}
    </Flex>
  );
}
