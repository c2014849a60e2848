import { Typography } from 'antd';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** The work's name, edited by clicking it; blank goes back to 未命名. */
export function WorkName() {
  const name = useStudioStore((s) => s.workName);
  const setName = useStudioStore((s) => s.setWorkName);
  return (
    <Typography.Title
      level={5}
      style={{ margin: 0 }}
      editable={{ onChange: setName, maxLength: 64, tooltip: t.editName, triggerType: ['icon', 'text'], text: name }}
    >
      {name}
    </Typography.Title>
  );
}
