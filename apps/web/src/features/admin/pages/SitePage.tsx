import { Button, Card, Col, Flex, Form, Image, Input, InputNumber, Row, Select, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import {
  SITE_NUMBER_FIELDS,
  SITE_TEXT_KEYS,
  UNAVAILABLE_FEATURE_CHOICES,
  type ConsoleSiteSettings,
  type SiteTextField,
  type SiteTextKey,
} from '@app/contract';
import { FileUpload } from '../../../components/upload';
import { AdminLayout } from '../../../components/admin-layout';
import { SitePreview } from '../components/SitePreview';
import { useConsoleSite, useSaveSite, useSaveSiteText } from '../api/site';
import { adminText as t, siteFieldLabels, siteTextLabels } from '../messages';

type Values = Record<string, string | number | undefined>;

const BASIC: SiteTextField[] = [
  'site_title',
  'title',
  'banner_title',
  'banner_subtitle',
  'login_title',
  'clone_usage',
  'seo_keyword',
  'seo_desc',
  'privacy_agreement',
  'eula',
  'mobile_url',
];
const IMAGES: SiteTextField[] = ['logo', 'head_logo', 'banner', 'login_bg', 'login_logo', 'qrcode'];
const FOOTER: SiteTextField[] = ['icp', 'gabeian', 'copyright', 'cert', 'safety_cert', 'diy_label'];
const LONG = new Set<string>(['clone_usage', 'seo_desc']);

/** One image setting: its address, an upload that fills it in, and a thumbnail. */
function ImageField({ name }: { name: SiteTextField }) {
  const form = Form.useFormInstance<Values>();
  const url = Form.useWatch(name, form) as string | undefined;
  return (
    <Form.Item label={siteFieldLabels[name]}>
      <Flex gap={12} align="flex-start">
        <Flex vertical gap={8} style={{ flex: 1 }}>
          <Form.Item name={name} noStyle>
            <Input placeholder={t.imageUrl} aria-label={siteFieldLabels[name]} allowClear />
          </Form.Item>
          <FileUpload
            fileType="image"
            purpose="site"
            hint={`${t.uploadImage}（${t.sitePictureRule}）`}
            onUploaded={(file) => form.setFieldValue(name, file.url)}
          />
        </Flex>
        {/* Shown scaled into the thumbnail, whatever its size (16 to 4096 px). */}
        {url ? <Image src={url} width={96} height={64} style={{ objectFit: 'contain' }} /> : null}
      </Flex>
    </Form.Item>
  );
}

/** Operator pages: pick one, edit its title and HTML, save (sanitized by the server). */
function PagesEditor({ texts }: { texts: ConsoleSiteSettings['texts'] }) {
  const [key, setKey] = useState<SiteTextKey>('agreement.user');
  const [form] = Form.useForm<{ title: string; content: string }>();
  const save = useSaveSiteText();
  const current = texts.find((x) => x.key === key);
  useEffect(
    () => form.setFieldsValue({ title: current?.title ?? '', content: current?.content ?? '' }),
    [current, form],
  );
  return (
    <Form form={form} layout="vertical" onFinish={(v) => save.mutate({ key, ...v })}>
      <Form.Item label={t.pageKey}>
        <Select<SiteTextKey>
          value={key}
          onChange={setKey}
          options={SITE_TEXT_KEYS.map((k) => ({ value: k, label: siteTextLabels[k] }))}
          aria-label={t.pageKey}
        />
      </Form.Item>
      <Form.Item name="title" label={t.pageTitle} rules={[{ required: true, message: t.required }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="content" label={t.pageContent}>
        <Input.TextArea rows={12} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t.savePage}
      </Button>
    </Form>
  );
}

/** Site and branding: every setting of spec 000 §3 with uploads and a live preview; pages; business numbers. */
export default function SitePage() {
  const site = useConsoleSite();
  const save = useSaveSite();
  const [form] = Form.useForm<Values>();
  const values = (Form.useWatch([], form) ?? {}) as Values;
  useEffect(() => {
    if (site.data) form.setFieldsValue(site.data.settings);
  }, [site.data, form]);

  const submit = (v: Values) => {
    const sent = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? '']));
    save.mutate(sent);
  };

  return (
    <AdminLayout title={t.menuSite}>
      {!site.data ? (
        <Spin />
      ) : (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card>
              <Form form={form} layout="vertical" onFinish={submit}>
                <Tabs
                  items={[
                    {
                      key: 'basic',
                      label: t.tabBasic,
                      forceRender: true,
                      children: BASIC.map((k) => (
                        <Form.Item key={k} name={k} label={siteFieldLabels[k]}>
                          {LONG.has(k) ? <Input.TextArea rows={3} /> : <Input />}
                        </Form.Item>
                      )),
                    },
                    {
                      key: 'images',
                      label: t.tabImages,
                      forceRender: true,
                      children: IMAGES.map((k) => <ImageField key={k} name={k} />),
                    },
                    {
                      key: 'footer',
                      label: t.tabFooter,
                      forceRender: true,
                      children: FOOTER.map((k) => (
                        <Form.Item key={k} name={k} label={siteFieldLabels[k]}>
                          <Input.TextArea rows={2} />
                        </Form.Item>
                      )),
                    },
                    {
                      key: 'business',
                      label: t.tabBusiness,
                      forceRender: true,
                      children: [
                        ...SITE_NUMBER_FIELDS.map((k) => (
                          <Form.Item key={k} name={k} label={siteFieldLabels[k]}>
                            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
                          </Form.Item>
                        )),
                        <Form.Item
                          key="unavailable_features"
                          name="unavailable_features"
                          label={siteFieldLabels.unavailable_features}
                          extra={t.unavailableFeaturesHint}
                        >
                          <Select
                            aria-label={siteFieldLabels.unavailable_features}
                            style={{ maxWidth: 360 }}
                            options={UNAVAILABLE_FEATURE_CHOICES.map((v) => ({
                              value: v,
                              label: t.unavailableFeatureChoices[v],
                            }))}
                          />
                        </Form.Item>,
                      ],
                    },
                  ]}
                />
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t.saveSettings}
                </Button>
              </Form>
            </Card>
            <Card title={t.tabPages} style={{ marginTop: 16 }}>
              <PagesEditor texts={site.data.texts} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <SitePreview values={values} />
          </Col>
        </Row>
      )}
    </AdminLayout>
  );
}
