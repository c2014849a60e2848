/** Every Chinese message of the chat assistant and text materials (spec 001 §5, §8), kept once for server and web. */
export const chatMessages = {
  // Sending
  contentRequired: '请输入内容',
  conversationMissing: '对话不存在或已删除',
  messageMissing: '消息不存在',
  answering: '上一个回答还在生成中，请稍候',
  alreadyStreaming: '该回答正在生成中',
  notConfigured: '对话模型未配置，请联系管理员',
  modelOff: '该对话模型暂停服务，请切换其他模型',
  newTitle: '新对话',
  actionName: 'AI对话',
  interrupted: '回答中断，积分已退回',

  // Records
  deleted: '删除成功',

  // Text materials
  materialNameRequired: '请填写名称',
  materialTextRequired: '请填写文本内容',
  materialMissing: '素材不存在',
  materialSaved: '保存成功',
} as const;
