import { Alert, Tag } from 'antd';
import { commonMessages } from '@app/contract';
import { useToolState } from '../../lib/tool-state';

/** The 未开通 badge of a tool that cannot work here (tiles, menu entries, page titles). */
export function ToolUnavailableTag() {
  return (
    <Tag color="default" style={{ marginInlineEnd: 0 }}>
      {commonMessages.toolUnavailableBadge}
    </Tag>
  );
}

/**
 * A tool page's notice, shown before any click while the tool cannot work: the badge and the reason in the
 * user's words. The page greys its actions with the same state (useToolState).
 */
export function ToolUnavailableNotice({ tool }: { tool: string }) {
  const state = useToolState(tool);
  if (!state.known || state.available) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      message={commonMessages.toolUnavailableBadge}
      description={state.reason}
      data-tool-state="unavailable"
    />
  );
}
