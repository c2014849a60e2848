/** The most question variants one Q&A entry keeps. */
export const LIVE_QUESTIONS_MAX = 20;
/** The longest answer one Q&A entry speaks. */
export const LIVE_ANSWER_MAX = 2000;
/** The longest spoken question heard at once, in seconds. */
export const LIVE_HEAR_MAX_SECONDS = 30;
/** The most entries one Q&A library holds: the matcher keeps each library in memory. */
export const LIVE_QA_MAX_ENTRIES = 500;

/** Every Chinese message of the live digital human's Q&A library. */
export const liveMessages = {
  qaNotFound: '该问答不存在',
  questionsEmpty: '请至少填写一个问题',
  tooManyQuestions: `每条问答最多 ${LIVE_QUESTIONS_MAX} 种问法`,
  questionTooLong: '每种问法不能超过200个字',
  answerEmpty: '请填写回答',
  saved: '问答已保存',
  deleted: '问答已删除',
  fallbackSaved: '兜底回答已保存',
  /** Spoken when the user has not written a fallback of their own. */
  defaultFallback: '抱歉，这个问题我暂时回答不了，您可以换个说法再问一次。',
};

/** Every Chinese message of live configurations, sessions and widgets. */
export const liveSessionMessages = {
  configNotFound: '该直播配置不存在',
  configSaved: '配置已保存',
  configDeleted: '配置已删除',
  avatarNotUsable: '所选数字人不存在或尚未制作完成',
  voiceNotUsable: '所选声音不存在或尚未就绪',
  nameEmpty: '请填写配置名称',
  chatNotReady: '对话模型暂不可用，请改用问答库作为回答来源',
  guestsRefused: '游客账号不能使用实时互动数字人，请先注册或登录正式账号',
  liveOff: '实时互动数字人暂未开放',
  tooManySessions: (n: number) => `同时最多进行 ${n} 个实时互动会话，请先结束其他会话`,
  sessionNotFound: '会话不存在或已结束',
  sessionEnded: '会话已结束',
  questionEmpty: '请输入问题',
  noGreeting: '该配置没有设置开场白',
  answerFailed: '回答失败，请稍后再试',
  speechFailed: '语音合成失败，请稍后再试',
  actionMinute: '实时互动数字人（按分钟）',
  actionAnswer: '实时互动数字人对话回答',
  shortMinute: '积分不足，无法开始或继续实时互动',
  shortAnswer: '积分不足，无法用对话模型回答',
  qaFull: `问答库最多 ${LIVE_QA_MAX_ENTRIES} 条，请删除不需要的问答后再添加`,
  published: '已发布为网页挂件',
  unpublished: '网页挂件已关闭',
  originsEmpty: '请至少填写一个允许嵌入的网站地址',
  originInvalid: (o: string) => `网站地址格式不正确：${o.slice(0, 80)}（应类似 https://www.example.com）`,
  tooManyOrigins: '允许嵌入的网站最多 20 个',
  embedNotFound: '该数字人挂件不存在或已关闭',
  embedOriginRefused: '当前网站未被允许嵌入该数字人挂件',
  embedBusy: '当前访问人数较多，请稍后再试',
  embedUnavailable: '该数字人挂件暂时无法使用，请联系网站管理员',
  settingsSaved: '实时互动设置已保存',
  hearOff: '语音提问暂未开通，请输入文字提问',
  heard: '已听清',
  heardNothing: '没有听清，请再说一次',
  hearTooLong: `一次最多说 ${LIVE_HEAR_MAX_SECONDS} 秒，请说得简短一些`,
};
