import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { viralText as t } from '../messages';

/** The screens named by the product but not open yet (employee, helper, music): a clear notice, never a broken page. */
export default function ComingSoonPage() {
  const navigate = useNavigate();
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t.comingSoonTitle}
      subTitle={t.comingSoonIntro}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {t.backHome}
        </Button>
      }
    />
  );
}
