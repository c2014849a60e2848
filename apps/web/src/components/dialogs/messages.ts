/** Buttons of the shared naming and deletion dialogs. */
export const dialogLabels = {
  ok: '确定',
  cancel: '取消',
} as const;
