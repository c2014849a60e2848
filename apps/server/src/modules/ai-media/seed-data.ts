/** First-start content of AI pictures and videos; the operator edits it afterwards in the database. */

export const IMAGE_PROMPTS = [
  { title: '江南水乡', content: '清晨的江南水乡，白墙黛瓦倒映在平静的河面，薄雾缭绕，一叶乌篷船缓缓划过，水墨画风格' },
  {
    title: '赛博都市',
    content: '雨夜的赛博朋克城市街道，霓虹灯招牌倒映在积水中，行人撑着透明雨伞，电影级光影，高细节',
  },
  { title: '雪山日出', content: '金色的日出照亮连绵的雪山，山脚下是湖泊和松林，广角镜头，超高清风景摄影' },
  { title: '萌宠写真', content: '一只橘色小猫趴在洒满阳光的窗台上，毛发蓬松，眼睛明亮，浅景深，温暖色调' },
  { title: '国潮插画', content: '身穿汉服的少女手提灯笼站在古风街巷中，国潮插画风格，色彩鲜艳，细节丰富' },
  { title: '美食特写', content: '一碗热气腾腾的兰州牛肉面，红油、香菜和白萝卜片，俯拍美食摄影，柔和自然光' },
  { title: '未来科技', content: '宽敞明亮的未来感实验室，白色曲面墙壁，悬浮的全息屏幕，极简主义，3D渲染' },
  { title: '星空露营', content: '银河横跨夜空，草地上亮着暖黄灯光的帐篷，远处是剪影般的山峦，长曝光摄影' },
] as const;

export const TEXT_VIDEO_PROMPTS = [
  { title: '海边奔跑', content: '一只金毛犬在夕阳下的沙滩上欢快奔跑，浪花溅起，镜头跟随拍摄，慢动作' },
  { title: '城市延时', content: '繁华都市从黄昏到夜晚的延时摄影，车流形成光轨，高楼灯光逐渐亮起' },
  { title: '花开瞬间', content: '一朵粉色牡丹缓缓绽放的特写，花瓣上挂着露珠，柔和的晨光，微距镜头' },
  { title: '古镇雨巷', content: '细雨中的古镇石板小巷，撑油纸伞的女子缓缓走远，镜头缓慢推进，电影质感' },
  { title: '太空漫步', content: '宇航员在地球轨道上缓缓漂浮，身后是蔚蓝的地球，镜头环绕拍摄' },
  { title: '咖啡拉花', content: '咖啡师在拿铁上拉出心形图案的特写，奶泡流动细腻，浅景深' },
] as const;

/** Image-to-video recommendations: each uses one of the sample portraits as its first frame. */
export const IMAGE_VIDEO_PROMPTS = [
  { title: '微笑致意', content: '人物看向镜头，自然地微笑并轻轻点头致意，背景保持不变', sample: 1, alt: '示例人物一' },
  { title: '回眸', content: '人物缓缓转头看向镜头，头发随动作轻轻摆动，柔和光线', sample: 2, alt: '示例人物二' },
  { title: '开心大笑', content: '人物开心地大笑，眼睛眯起，肩膀微微抖动，镜头静止', sample: 3, alt: '示例人物三' },
  { title: '说话讲解', content: '人物面向镜头自然地说话讲解，配合轻微的手势和表情变化', sample: 4, alt: '示例人物四' },
  { title: '镜头推进', content: '镜头缓慢向人物推进，人物保持自然表情并轻轻眨眼', sample: 5, alt: '示例人物五' },
  { title: '风吹发丝', content: '微风吹动人物的头发和衣角，人物神情放松，画面宁静', sample: 6, alt: '示例人物六' },
] as const;

/** Inspiration words: a group with isMulti 0 keeps one word at a time (a shot cannot be close-up and wide at once). */
export const INSPIRATION_GROUPS = [
  { name: '镜头', isMulti: 0, words: ['特写镜头', '近景', '中景', '全景', '远景', '航拍俯视'] },
  { name: '运镜', isMulti: 0, words: ['镜头推进', '镜头拉远', '环绕拍摄', '跟随拍摄', '固定机位', '手持晃动'] },
  { name: '光线', isMulti: 1, words: ['柔和自然光', '逆光', '黄金时刻', '霓虹灯光', '烛光', '体积光'] },
  { name: '风格', isMulti: 1, words: ['电影质感', '纪录片风格', '动漫风格', '水墨风格', '复古胶片', '赛博朋克'] },
  { name: '氛围', isMulti: 1, words: ['温馨', '宁静', '神秘', '欢快', '史诗感', '浪漫'] },
  { name: '画质', isMulti: 0, words: ['高清', '4K超清', '8K超高清'] },
] as const;
