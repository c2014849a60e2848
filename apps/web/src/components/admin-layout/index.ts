export { AdminLayout } from './AdminLayout';
export { CONSOLE_SCOPE, useConsoleRole, useConsoleSession } from './console-session';
export { consoleLayoutText } from './messages';
export { CONSOLE_PAGE_SIZE, ConsoleSearch, usePagedFilters } from './paged';
export { rangeMessage, rangeRules } from './number-rules';
