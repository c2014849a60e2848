import { Select } from 'antd';
import { useAvatars, AvatarStatus } from '../../../entities/avatars';
import { useVoiceList } from '../../../entities/voices';
import { viralText as t } from '../messages';

/** Ready avatars, the caller's own first then the public ones, as select options. */
export function useAvatarOptions() {
  const mine = useAvatars({ source: '1' });
  const shared = useAvatars({ source: '2' });
  const all = [...(mine.data?.list ?? []), ...(shared.data?.list ?? [])].filter((a) => a.status === AvatarStatus.ready);
  return all.map((a) => ({ value: a.id, label: a.name }));
}

export function useVoiceOptions() {
  const mine = useVoiceList(1);
  const shared = useVoiceList(2);
  return [...(mine.data?.list ?? []), ...(shared.data?.list ?? [])]
    .filter((v) => v.generate_status !== 1 && v.generate_status !== 3)
    .map((v) => ({ value: v.id, label: v.name }));
}

export function AvatarSelect(props: { value: number[]; onChange: (v: number[]) => void; multiple?: boolean }) {
  const options = useAvatarOptions();
  return (
    <Select
      aria-label={t.avatars}
      mode={props.multiple === false ? undefined : 'multiple'}
      placeholder={t.avatarsPlaceholder}
      value={props.multiple === false ? props.value[0] : props.value}
      onChange={(v: number | number[]) => props.onChange(Array.isArray(v) ? v : [v])}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}

export function VoiceSelect({ value, onChange }: { value?: number; onChange: (v: number) => void }) {
  const options = useVoiceOptions();
  return (
    <Select
      aria-label={t.voice}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t.voicePlaceholder}
      value={value}
      onChange={onChange}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
