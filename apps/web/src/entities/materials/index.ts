export { materialsKey, refreshMaterials, useMaterials } from './material-queries';
