import { Card, Flex, Typography, theme } from 'antd';
import { HtmlContent } from '../../../components/HtmlContent';
import { adminText as t } from '../messages';

type Values = Record<string, string | number | undefined>;
const str = (v: Values, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
const FOOTER = ['icp', 'gabeian', 'copyright', 'cert', 'safety_cert', 'diy_label'];

/** What the header, the home banner, the login card and the footer will look like with the values in the form. */
export function SitePreview({ values }: { values: Values }) {
  const { token } = theme.useToken();
  const logo = str(values, 'head_logo') || str(values, 'logo');
  return (
    <Card title={t.preview} size="small" extra={<Typography.Text type="secondary">{t.previewHint}</Typography.Text>}>
      <Flex vertical gap={12} aria-label={t.preview}>
        <Flex align="center" gap={8} style={{ padding: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          {logo && <img src={logo} alt="" style={{ height: 28 }} />}
          <Typography.Text strong data-testid="preview-title">
            {str(values, 'site_title')}
          </Typography.Text>
        </Flex>
        <div
          style={{
            borderRadius: 8,
            minHeight: 120,
            padding: 16,
            background: str(values, 'banner')
              ? `center / cover no-repeat url("${encodeURI(str(values, 'banner'))}")`
              : token.colorFillSecondary,
          }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {str(values, 'banner_title')}
          </Typography.Title>
          <Typography.Text>{str(values, 'banner_subtitle')}</Typography.Text>
        </div>
        <Flex
          gap={12}
          align="center"
          style={{
            padding: 12,
            borderRadius: 8,
            background: str(values, 'login_bg')
              ? `center / cover no-repeat url("${encodeURI(str(values, 'login_bg'))}")`
              : token.colorFillTertiary,
          }}
        >
          {(str(values, 'login_logo') || logo) && (
            <img src={str(values, 'login_logo') || logo} alt="" style={{ height: 32 }} />
          )}
          <Typography.Text strong>{str(values, 'login_title')}</Typography.Text>
          {str(values, 'qrcode') && (
            <img src={str(values, 'qrcode')} alt="" style={{ height: 48, marginLeft: 'auto' }} />
          )}
        </Flex>
        <Flex vertical gap={4} style={{ fontSize: 12, color: token.colorTextSecondary, textAlign: 'center' }}>
          {FOOTER.map((k) => str(values, k) && <HtmlContent key={k} html={str(values, k)} />)}
        </Flex>
      </Flex>
    </Card>
  );
}
