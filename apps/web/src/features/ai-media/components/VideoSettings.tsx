import { Alert, Flex, Input, Radio, Slider, Typography } from 'antd';
import { aiMediaMessages, AI_MEDIA_RULES, VIDEO_RATIOS } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { aiMediaLabels } from '../messages';

export interface VideoSettingsValue {
  cfgScale: number;
  mode: 'std' | 'pro';
  duration: '5' | '10';
  ratio: string;
  negative: string;
}

export const DEFAULT_VIDEO_SETTINGS: VideoSettingsValue = {
  cfgScale: AI_MEDIA_RULES.cfgDefault,
  mode: 'std',
  duration: '5',
  ratio: '16:9',
  negative: '',
};

/** Creativity (0–1, step 0.05, warning from 0.75), mode (pro under maintenance), duration, ratio, negative prompt. */
export function VideoSettings({
  value,
  onChange,
  showRatio,
}: {
  value: VideoSettingsValue;
  onChange: (v: VideoSettingsValue) => void;
  showRatio: boolean;
}) {
  const set = (patch: Partial<VideoSettingsValue>) => onChange({ ...value, ...patch });
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={4}>
        <Typography.Text>
          {aiMediaLabels.creativity} <Typography.Text type="secondary">{value.cfgScale.toFixed(2)}</Typography.Text>
        </Typography.Text>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={value.cfgScale}
          onChange={(v) => set({ cfgScale: v })}
          ariaLabelForHandle={aiMediaLabels.creativity}
        />
        {value.cfgScale >= AI_MEDIA_RULES.cfgWarnAt ? (
          <Alert type="warning" showIcon message={aiMediaMessages.creativityWarning} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {aiMediaLabels.creativityHint}
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={12} wrap align="center">
        <Typography.Text style={{ width: 64 }}>{aiMediaLabels.mode}</Typography.Text>
        <Radio.Group
          optionType="button"
          value={value.mode}
          onChange={(e) => {
            // The high-quality channel cannot be chosen (spec 001 §4).
            if (e.target.value === 'pro') feedback.warning(aiMediaMessages.proUnavailable);
            else set({ mode: 'std' });
          }}
          options={[
            { value: 'std', label: aiMediaLabels.modeStd },
            { value: 'pro', label: aiMediaLabels.modePro },
          ]}
        />
      </Flex>
      <Flex gap={12} wrap align="center">
        <Typography.Text style={{ width: 64 }}>{aiMediaLabels.duration}</Typography.Text>
        <Radio.Group
          optionType="button"
          value={value.duration}
          onChange={(e) => set({ duration: e.target.value as '5' | '10' })}
          options={[
            { value: '5', label: aiMediaLabels.seconds(5) },
            { value: '10', label: aiMediaLabels.seconds(10) },
          ]}
        />
      </Flex>
      {showRatio ? (
        <Flex gap={12} wrap align="center">
          <Typography.Text style={{ width: 64 }}>{aiMediaLabels.videoRatio}</Typography.Text>
          <Radio.Group
            optionType="button"
            value={value.ratio}
            onChange={(e) => set({ ratio: e.target.value as string })}
            options={VIDEO_RATIOS.map((r) => ({ value: r, label: r }))}
          />
        </Flex>
      ) : null}
      <Flex vertical gap={4}>
        <Typography.Text>{aiMediaLabels.negative}</Typography.Text>
        <Input.TextArea
          rows={2}
          maxLength={AI_MEDIA_RULES.promptMax}
          placeholder={aiMediaLabels.negativePlaceholder}
          aria-label={aiMediaLabels.negative}
          value={value.negative}
          onChange={(e) => set({ negative: e.target.value })}
        />
      </Flex>
    </Flex>
  );
}
