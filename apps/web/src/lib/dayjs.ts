import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates are only handled by pages loaded on demand; they take dayjs from here, already in Chinese.
dayjs.locale('zh-cn');

export default dayjs;
export type { Dayjs } from 'dayjs';
