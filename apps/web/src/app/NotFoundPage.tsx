import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { clientMessages } from '../lib/messages';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={clientMessages.notFound}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {clientMessages.backHome}
        </Button>
      }
    />
  );
}
