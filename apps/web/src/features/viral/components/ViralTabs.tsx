import { Flex, Segmented, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { ToolUnavailableNotice } from '../../../components/tool-state/ToolUnavailable';
import { viralText as t } from '../messages';

const TABS = [
  { value: '/explosiveAnalysis/video', label: t.tabs.video },
  { value: '/explosiveAnalysis/user', label: t.tabs.user },
  { value: '/explosiveAnalysis/character', label: t.tabs.character },
  { value: '/explosiveAnalysis/project', label: t.tabs.project },
];

/** Title of the 爆款复刻 pages and the switch between them; the notice of the page's `tool` when it is not open here. */
export function ViralTabs({ intro, tool }: { intro: string; tool: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((x) => pathname.startsWith(x.value))?.value ?? TABS[0]!.value;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t.title}
      </Typography.Title>
      <Typography.Text type="secondary">{intro}</Typography.Text>
      <Segmented
        aria-label={t.title}
        options={TABS}
        value={current}
        onChange={(v) => void navigate(v)}
        style={{ alignSelf: 'flex-start' }}
      />
      <ToolUnavailableNotice tool={tool} />
    </Flex>
  );
}

/** Title of a page that is not one of the 爆款复刻 tabs, with its `tool`'s notice when that is not open here. */
export function PageTitle({
  title,
  intro,
  extra,
  tool,
}: {
  title: string;
  intro: string;
  extra?: React.ReactNode;
  tool?: string;
}) {
  const head = (
    <Flex justify="space-between" align="flex-start" wrap gap={8}>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{intro}</Typography.Text>
      </Flex>
      {extra}
    </Flex>
  );
  if (!tool) return head;
  return (
    <Flex vertical gap={8}>
      {head}
      <ToolUnavailableNotice tool={tool} />
    </Flex>
  );
}
