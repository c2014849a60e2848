import { Alert } from 'antd';
import { aiMediaLabels } from '../messages';

/** Nothing configured: the operator setting that enables the service (nothing is charged). */
export function ServiceNotice({ service }: { service?: { available: boolean; message: string } }) {
  if (!service || service.available) return null;
  return <Alert type="warning" showIcon message={aiMediaLabels.unavailableTitle} description={service.message} />;
}
