export const noticeMessages = {
  centre: '消息中心',
  pickOne: '请选择一条公告查看详情',
} as const;
