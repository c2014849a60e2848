/** What the text model is asked for each studio button. */

export type ChatMessage = { role: 'system' | 'user'; content: string };

/** AI-write lengths of document 2 §5: 0 = unlimited, else about that many characters. */
export const AI_WRITE_LENGTHS = [0, 150, 300, 500] as const;
export type AiWriteLength = (typeof AI_WRITE_LENGTHS)[number];

const SPOKEN = '输出只包含可以直接朗读的正文，不要标题、序号、表情符号、Markdown 或任何解释。';

export function polishPrompt(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `你是短视频口播文案编辑。润色用户的台词：语句通顺、口语自然、保持原意和原有语言，长度与原文相近。${SPOKEN}`,
    },
    { role: 'user', content: text },
  ];
}

export function aiWritePrompt(keyword: string, length: AiWriteLength): ChatMessage[] {
  const size = length === 0 ? '长度不限' : `约${length}字`;
  return [
    { role: 'system', content: `你是短视频口播文案作者，为数字人视频撰写中文台词，${size}。${SPOKEN}` },
    { role: 'user', content: `主题：${keyword}` },
  ];
}

export function translatePrompt(text: string, source: string, target: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `你是专业翻译。把用户的文本从${source || '原语言'}翻译成${target}，保留语气和停顿标记（如 <break time="0.5s"/>）原样不动。只输出译文。`,
    },
    { role: 'user', content: text },
  ];
}
