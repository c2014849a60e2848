/** The most question variants one Q&A entry keeps. */
export const LIVE_QUESTIONS_MAX = 20;
/** The longest answer one Q&A entry speaks. */
export const LIVE_ANSWER_MAX = 2000;

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
