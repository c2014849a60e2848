/** The most rows one batch takes: one request, one spreadsheet. */
export const BATCH_ROWS_MAX = 100;

/** The columns of a batch spreadsheet, in the template's order. */
export const BATCH_COLUMNS = ['name', 'script', 'avatar', 'voice', 'channel', 'captions', 'background'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** The header of each column as the template writes it (a sheet may also use the English keys). */
export const batchColumnLabels: Record<BatchColumn, string> = {
  name: '名称',
  script: '台词',
  avatar: '数字人',
  voice: '声音',
  channel: '通道',
  captions: '字幕',
  background: '背景',
};

/** Every Chinese message of batch videos (a spreadsheet of talking videos submitted at once). */
export const batchMessages = {
  pageTitle: '批量生成',
  pageIntro:
    '上传表格（CSV 或 XLSX）或直接粘贴多行，每行生成一条数字人视频。提交前逐行检查并显示总价；每条视频单独预留积分，失败的视频单独退还。',
  navLabel: '批量生成',
  sheetUnreadable: '无法读取该表格，请上传 CSV 或 XLSX 文件（可先下载模板）',
  sheetEmpty: '表格中没有内容行，请按模板填写后再上传',
  sheetNoHeader: '表格第一行需为列名：名称、台词、数字人、声音（通道、字幕、背景可选）',
  tooManyRows: `一次最多提交 ${BATCH_ROWS_MAX} 行，请分批提交`,
  rowsInvalid: '表格内容格式错误，请重新上传',
  avatarNotFound: (v: string) => `未找到数字人「${v}」，请填写“我的数字人”或公共数字人的名称或编号`,
  avatarAmbiguous: (v: string, n: number) => `有 ${n} 个数字人都叫「${v}」，请改填数字人编号`,
  voiceNotFound: (v: string) => `未找到可用的声音「${v}」，请填写“我的声音”或公共声音的名称或编号`,
  voiceAmbiguous: (v: string, n: number) => `有 ${n} 个声音都叫「${v}」，请改填声音编号`,
  channelNotFound: (v: string) => `未找到视频通道「${v}」，请填写通道名称，或留空使用默认通道`,
  noChannel: '暂无可用的视频通道',
  captionsInvalid: (presets: string) => `字幕请填写“是”或“否”，或字幕样式名称：${presets}`,
  backgroundNotFound: (v: string) =>
    `未找到背景「${v}」，请填写颜色（如 #1664ff），或“我的素材”中图片、视频的名称或编号`,
  backgroundAmbiguous: (v: string, n: number) => `有 ${n} 个素材都叫「${v}」，请改填素材编号`,
  nameTooLong: '名称不能超过64个字',
  duplicateRow: (first: number) => `与第 ${first} 行完全相同，请删除重复行`,
  rowDefaultName: (row: number) => `批量视频 ${row}`,
  rowError: (row: number, column: string, message: string) => `第 ${row} 行「${column}」：${message}`,
  rowsHaveErrors: (n: number) => `有 ${n} 行未通过检查，请修改后再提交`,
  submitted: (n: number) => `已提交 ${n} 条视频`,
  batchMissing: '批次不存在或无权操作',
  nothingToDownload: '该批次还没有已完成的视频',
  linkExpired: '下载链接无效或已过期，请回到页面重新下载',
  templateName: '批量生成模板',
  exampleName: '示例视频',
  exampleScript: '大家好，欢迎来到我的直播间。今天给大家介绍一款非常好用的产品。',
  exampleAvatar: '填写数字人名称或编号',
  exampleVoice: '填写声音名称或编号',
  defaultBatchName: (stamp: string) => `批量生成 ${stamp}`,
} as const;
