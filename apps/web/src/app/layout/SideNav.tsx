import { Flex, Menu, Tag, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleNavEntries, type NavSection } from '../../lib/feature';
import { feedback } from '../../lib/feedback';
import { isHelperHost, useSiteSettings } from '../../lib/site-settings';
import { toolStateOf } from '../../lib/tool-state';
import { ToolUnavailableTag } from '../../components/tool-state/ToolUnavailable';
import { navEntries } from '../features';
import { shellMessages } from './messages';

const sections: NavSection[] = ['features', 'video', 'other'];

/** Three sections; an entry exists only once its feature registers it; empty sections are hidden. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useSiteSettings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // An entry whose tool cannot work here shows 未开通, or is left out when the operator hides such tools.
  const entries = visibleNavEntries(navEntries, isHelperHost(data)).filter((e) => !toolStateOf(data, e.tool).hidden);
  const closed = (tool: string | undefined) => !toolStateOf(data, tool).available;
  const items: MenuProps['items'] = sections
    .map((section) => ({
      type: 'group' as const,
      key: section,
      label: shellMessages.sections[section],
      children: entries
        .filter((e) => e.section === section)
        .map((e) => ({
          key: e.path,
          icon: e.icon,
          label: e.comingSoon ? (
            <Flex align="center" justify="space-between" gap={4}>
              <span>{e.label}</span>
              <Tag style={{ marginInlineEnd: 0 }}>{shellMessages.comingSoon}</Tag>
            </Flex>
          ) : closed(e.tool) ? (
            <Flex align="center" justify="space-between" gap={4}>
              <span>{e.label}</span>
              <ToolUnavailableTag />
            </Flex>
          ) : (
            e.label
          ),
        })),
    }))
    .filter((group) => group.children.length > 0);
  const selected = entries.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.path] : []}
      onClick={({ key }) => {
        // A coming-soon entry opens no page: it only says so.
        if (entries.find((e) => e.path === key)?.comingSoon) return feedback.info(shellMessages.comingSoonHint);
        onNavigate?.();
        void navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
