export { NoticeCenter } from './components/NoticeCenter';
