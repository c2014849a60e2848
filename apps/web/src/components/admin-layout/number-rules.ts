import type { FormRule } from 'antd';

/** Why a console number was refused, in the operator's words. */
export const rangeMessage = (label: string, min: number, max: number) => {
  const n = (v: number) => v.toLocaleString('zh-CN');
  return min === 0 ? `${label}不能小于 0，最大 ${n(max)}` : `${label}应为 ${n(min)} 到 ${n(max)} 之间的整数`;
};

/**
 * A console number field's rules: a whole number between `min` and `max`, the reason shown under the
 * field. Its InputNumber takes no min/max of its own: clamping would silently save a typed −5 as 0.
 */
export const rangeRules = (label: string, min: number, max: number, required?: string): FormRule[] => [
  ...(required ? [{ required: true, message: required }] : []),
  { type: 'integer', min, max, message: rangeMessage(label, min, max) },
];
