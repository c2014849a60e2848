import { Empty, List, Spin } from 'antd';
import { useVoiceList, useVoicePreview, VoiceTile, voicePickerMessages } from '../voice-picker';

/** Home's public-voices tab: every public voice with a play/pause preview (1 idle, 3 playing, idle again at the end). */
export function PublicVoices() {
  const { data, isLoading } = useVoiceList(2);
  const preview = useVoicePreview();
  return (
    <Spin spinning={isLoading}>
      <List
        grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4, xl: 4, xxl: 5 }}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={voicePickerMessages.empty} /> }}
        renderItem={(v) => (
          <List.Item>
            <VoiceTile
              name={v.name}
              detail={v.voice_channel_name}
              state={preview.stateOf(v.id)}
              onToggle={() => preview.toggle(v.id, v.url)}
            />
          </List.Item>
        )}
      />
    </Spin>
  );
}
