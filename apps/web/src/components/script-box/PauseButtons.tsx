import { Button, Space } from 'antd';
import { pauseSeconds } from '@app/contract';
import { scriptBoxText as t } from './messages';

/** The pause options of spec 001 §9 (0.2, 0.3, 0.5, 1, 2 s); the caller inserts the chip where the caret is. */
export function PauseButtons({
  onPick,
  size = 'small',
}: {
  onPick: (seconds: number) => void;
  size?: 'small' | 'middle';
}) {
  return (
    <Space wrap size={4}>
      {pauseSeconds.map((s) => (
        <Button key={s} size={size} onClick={() => onPick(s)}>
          {t.pauseOption(s)}
        </Button>
      ))}
    </Space>
  );
}
