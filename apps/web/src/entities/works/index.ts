export { refreshWorks, useWorks, worksKey, type WorksFilter } from './work-queries';
