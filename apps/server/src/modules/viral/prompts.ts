import type { ChatTurn } from '../../engines/text/index.js';

/**
 * What the text model is asked by the viral tools. Every answer is one JSON object (parsed by
 * `model.ts`); the prompts spell out its shape so any OpenAI-compatible model can follow.
 */

const JSON_ONLY = '只输出一个 JSON 对象，不要 Markdown 代码块，不要任何解释。';

export function analysePrompt(transcript: string, title: string): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        '你是短视频爆款结构分析师。阅读一条爆款短视频的口播文案（语音识别结果，可能有错字），分析它为什么火。' +
        '返回 JSON：{"hook":"开头3秒的钩子做了什么、为什么让人停下来","beats":[{"title":"这一段的作用，如 痛点引入","text":"这一段的原文要点"}],' +
        '"selling_points":["卖点或价值点"],"emotions":["触发的情绪，如 好奇、焦虑、认同"],"why":"它传播开的原因"}。' +
        `beats 按视频顺序切分为 3 到 8 段。${JSON_ONLY}`,
    },
    { role: 'user', content: `${title ? `视频标题：${title}\n` : ''}口播文案：\n${transcript}` },
  ];
}

export function mimicPrompt(beats: { title: string; text: string }[], topic: string, hook: string): ChatTurn[] {
  const structure = beats.map((b, i) => `${i + 1}. ${b.title}：${b.text}`).join('\n');
  return [
    {
      role: 'system',
      content:
        '你是短视频爆款文案仿写专家。保持原视频的结构和节奏，为用户的主题写一条全新的中文口播文案。' +
        `必须恰好 ${beats.length} 段，与原结构一一对应，每段的作用相同、内容换成用户的主题；开头沿用原视频钩子的手法。` +
        '每段 text 是可以直接朗读的台词，不要表情符号。' +
        `返回 JSON：{"beats":[{"title":"这一段的作用","text":"台词"}]}，beats 恰好 ${beats.length} 项。${JSON_ONLY}`,
    },
    { role: 'user', content: `原视频钩子：${hook}\n原视频结构：\n${structure}\n\n我的主题：${topic}` },
  ];
}

export function ipPrompt(profile: string): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        '你是短视频账号定位顾问。根据创作者主页的信息（昵称、简介、近期作品标题），总结账号画像。' +
        '返回 JSON：{"positioning":"账号定位","audience":"目标受众","pillars":["内容支柱"],"style":"人设与表达风格","suggestions":["改进建议"]}。' +
        JSON_ONLY,
    },
    { role: 'user', content: profile },
  ];
}

export function topicPrompt(about: string, count: number): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `你是短视频选题策划。为下面的账号提出 ${count} 个容易出爆款的选题。` +
        `返回 JSON：{"topics":[{"title":"选题标题","angle":"切入角度与开头钩子"}]}，恰好 ${count} 项。${JSON_ONLY}`,
    },
    { role: 'user', content: about },
  ];
}

const SPOKEN = '输出只包含可以直接朗读的正文，不要标题、序号、表情符号、Markdown 或任何解释。';

export function copyPrompt(
  action: 'generate' | 'rewrite' | 'polish',
  p: { topic: string; text: string; style: string; length: number },
): ChatTurn[] {
  const size = p.length ? `约${p.length}字` : '长度不限';
  if (action === 'generate')
    return [
      {
        role: 'system',
        content: `你是短视频口播文案作者，风格：${p.style}，${size}。开头3秒要有钩子，结尾有行动号召。${SPOKEN}`,
      },
      { role: 'user', content: `主题：${p.topic}` },
    ];
  if (action === 'rewrite')
    return [
      {
        role: 'system',
        content: `你是短视频口播文案作者。把用户的文案改写成全新的表达（风格：${p.style}，${size}），意思不变，避免与原文雷同。${SPOKEN}`,
      },
      { role: 'user', content: p.text },
    ];
  return [
    {
      role: 'system',
      content: `你是短视频口播文案编辑。润色用户的文案：语句通顺、口语自然、节奏更紧凑，保持原意，长度与原文相近。${SPOKEN}`,
    },
    { role: 'user', content: p.text },
  ];
}

export function videoScriptPrompt(topic: string, style: string, scenes: number): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `你是短视频编导。为主题写一条数字人口播爆款视频脚本，风格：${style}，分成恰好 ${scenes} 个场景，` +
        '每个场景一到三句台词，第一个场景是开头3秒的钩子，最后一个场景是行动号召。台词可以直接朗读，不要表情符号。' +
        `返回 JSON：{"scenes":[{"text":"台词"}]}，scenes 恰好 ${scenes} 项。${JSON_ONLY}`,
    },
    { role: 'user', content: `主题：${topic}` },
  ];
}
