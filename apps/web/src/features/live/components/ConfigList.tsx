import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Flex, Typography, theme } from 'antd';
import { LIVE_SOURCES, type LiveConfig } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { useDeleteLiveConfig } from '../api/live';
import { liveLabels as t } from '../messages';

/** The caller's configurations to choose from (one is chosen), with new, edit and delete. */
export function ConfigList({
  configs,
  chosen,
  locked,
  onChoose,
  onEdit,
}: {
  configs: LiveConfig[];
  chosen: number | null;
  /** While a session runs the choice stays as it is. */
  locked: boolean;
  onChoose: (id: number) => void;
  onEdit: (c: LiveConfig | 'new') => void;
}) {
  const { token } = theme.useToken();
  const remove = useDeleteLiveConfig();
  const confirmDelete = useConfirmDelete();
  return (
    <Flex vertical gap={8}>
      <Flex align="center" justify="space-between">
        <Typography.Text strong>{t.configs}</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} disabled={locked} onClick={() => onEdit('new')}>
          {t.newConfig}
        </Button>
      </Flex>
      {!configs.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noConfig} /> : null}
      <Flex vertical gap={8} role="radiogroup" aria-label={t.configs}>
        {configs.map((c) => {
          const on = c.id === chosen;
          return (
            <Flex
              key={c.id}
              role="radio"
              aria-checked={on}
              aria-label={c.name}
              aria-disabled={locked && !on}
              tabIndex={locked ? -1 : 0}
              gap={10}
              align="center"
              onClick={() => !locked && onChoose(c.id)}
              onKeyDown={(e) => {
                if (!locked && (e.key === 'Enter' || e.key === ' ')) onChoose(c.id);
              }}
              style={{
                padding: 8,
                borderRadius: token.borderRadiusLG,
                border: `1px solid ${on ? token.colorPrimary : token.colorBorderSecondary}`,
                background: on ? token.colorPrimaryBg : undefined,
                cursor: locked ? 'default' : 'pointer',
                opacity: locked && !on ? 0.5 : 1,
              }}
            >
              <Avatar shape="square" size={44} src={c.avatar_cover} />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {c.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {c.avatar_name} · {c.voice_name} · {c.source === LIVE_SOURCES.chat ? t.sourceChat : t.sourceQa}
                </Typography.Text>
              </Flex>
              <Flex gap={0} style={{ flex: 'none' }}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t.edit}
                  disabled={locked}
                  onClick={(e) => {
                    e.stopPropagation();
                    onEdit(c);
                  }}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t.deleteConfig}
                  disabled={locked}
                  onClick={(e) => {
                    e.stopPropagation();
                    confirmDelete({
                      title: t.deleteConfigTitle,
                      content: c.name,
                      onDelete: () => remove.mutateAsync(c.id),
                    });
                  }}
                />
              </Flex>
            </Flex>
          );
        })}
      </Flex>
    </Flex>
  );
}
