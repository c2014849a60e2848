import { MenuFoldOutlined, MenuUnfoldOutlined, RobotOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Tag, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatModelKey } from '@app/contract';
import { ToolUnavailableNotice } from '../../../components/tool-state/ToolUnavailable';
import { refreshBalance } from '../../../entities/account';
import { useToolState } from '../../../lib/tool-state';
import { refreshChat, useChatMessages, useChatRecords, useSendMessage } from '../api/chat';
import { Composer } from '../components/Composer';
import { HistorySidebar } from '../components/HistorySidebar';
import { MessageItem, type ShownMessage } from '../components/MessageItem';
import { useAnswerStream } from '../hooks/use-answer-stream';
import { CHAT_CID_KEY, chatLabels as t } from '../messages';

function readCid(): number | null {
  try {
    const n = Number(sessionStorage.getItem(CHAT_CID_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
function storeCid(cid: number | null) {
  try {
    if (cid) sessionStorage.setItem(CHAT_CID_KEY, String(cid));
    else sessionStorage.removeItem(CHAT_CID_KEY);
  } catch {
    /* private mode: the conversation is not kept across reloads */
  }
}

/** The chat assistant (/store/aiChat): history on the left, the conversation and the question box on the right. */
export default function ChatPage() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const qc = useQueryClient();
  const [chosenCid, setCidState] = useState<number | null>(readCid);
  const [collapsed, setCollapsed] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const setCid = (next: number | null) => {
    storeCid(next);
    setCidState(next);
  };
  const messages = useChatMessages(chosenCid);
  const records = useChatRecords();
  const tool = useToolState('aiChat');
  // A stored conversation that is gone (deleted elsewhere) starts afresh.
  const cid = messages.isError ? null : chosenCid;
  const send = useSendMessage();
  const onEnded = useCallback(() => Promise.all([refreshChat(qc), refreshBalance(qc)]), [qc]);
  const { live, start, stop } = useAnswerStream(onEnded);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (messages.isError) storeCid(null);
  }, [messages.isError]);

  const ask = async (content: string, model: ChatModelKey) => {
    setAsked(content);
    try {
      const r = await send.mutateAsync({ cid, content, model });
      start(r.cid, r.mid);
      setCid(r.cid);
      await refreshChat(qc);
      return true;
    } catch {
      return false;
    } finally {
      setAsked(null);
    }
  };

  const list: ShownMessage[] = (messages.data?.list ?? []).map((m) =>
    live && m.id === live.mid
      ? { ...m, content: live.shown, reasoning: live.reasoning, live: { open: live.open, failed: live.failed } }
      : m,
  );
  if (asked) list.push({ id: -1, role: 'user', content: asked, reasoning: '', status: 3 });
  if (live && !list.some((m) => m.id === live.mid))
    list.push({ id: live.mid, role: 'assistant', content: live.shown, reasoning: live.reasoning, status: 2, live });

  const lastText = list.at(-1)?.content.length ?? 0;
  const lastReasoning = list.at(-1)?.reasoning.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [list.length, lastText, lastReasoning]);

  const busy = send.isPending || live !== null;
  const showSidebar = !collapsed && !narrow ? true : !collapsed && narrow;
  const sidebar = (
    <HistorySidebar
      current={cid}
      onOpen={(id) => {
        if (busy) return;
        setCid(id);
        if (narrow) setCollapsed(true);
      }}
      onNew={() => {
        if (live) stop();
        setCid(null);
      }}
      onDeleted={(id) => {
        if (id === cid) setCid(null);
      }}
    />
  );

  return (
    <Flex vertical gap={12} style={{ height: 'calc(100dvh - 120px)', minHeight: 480 }}>
      <Flex align="center" gap={8} wrap>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? t.expand : t.collapse}
          onClick={() => setCollapsed((c) => !c)}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t.intro(records.data?.prices.find((p) => p.model === 'v3')?.credits)}
        </Typography.Text>
      </Flex>
      <ToolUnavailableNotice tool="aiChat" />
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }} vertical={narrow}>
        {showSidebar ? (
          <Card
            size="small"
            style={{ width: narrow ? '100%' : 260, flex: 'none', maxHeight: narrow ? 260 : undefined }}
            styles={{ body: { height: '100%', padding: 12 } }}
          >
            {sidebar}
          </Card>
        ) : null}
        <Card style={{ flex: 1, minWidth: 0, minHeight: 0 }} styles={{ body: { height: '100%', padding: 0 } }}>
          <Flex vertical style={{ height: '100%' }}>
            <Flex
              vertical
              gap={18}
              style={{ flex: 1, overflowY: 'auto', padding: 20, minHeight: 0 }}
              aria-live="polite"
            >
              {!list.length ? (
                <Flex vertical align="center" justify="center" gap={12} style={{ flex: 1, textAlign: 'center' }}>
                  <RobotOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {t.welcome}
                  </Typography.Title>
                  <Typography.Text type="secondary">{t.welcomeHint}</Typography.Text>
                  {tool.available ? (
                    <Flex gap={8} wrap justify="center">
                      {t.suggestions.map((s) => (
                        <Tag.CheckableTag key={s} checked={false} onChange={() => void ask(s, 'v3')}>
                          {s}
                        </Tag.CheckableTag>
                      ))}
                    </Flex>
                  ) : null}
                </Flex>
              ) : (
                list.map((m) => <MessageItem key={m.id} m={m} onStop={stop} />)
              )}
              <div ref={bottom} />
            </Flex>
            <div style={{ padding: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
              <Composer busy={busy} closed={!tool.available} onAsk={ask} prices={records.data?.prices} />
            </div>
          </Flex>
        </Card>
      </Flex>
    </Flex>
  );
}
