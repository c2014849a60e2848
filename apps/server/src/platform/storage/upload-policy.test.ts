import { describe, expect, it } from 'vitest';
import { buildOssPostForm, OssRefusal, verifyOssPost } from './upload-policy.js';

const creds = { bucket: 'b', accessKeyId: 'id', secret: 'secret', host: 'https://b.example' };
const req = { dir: 'users/1/image/', maxBytes: 1000, expiresIn: 900 };
const conditionsOf = (policy: string) =>
  (JSON.parse(Buffer.from(policy, 'base64').toString()) as { conditions: unknown[] }).conditions;

describe('upload forms', () => {
  it('hold only the spec’s fields by default, and those fields satisfy the policy', () => {
    const form = buildOssPostForm(req, creds);
    expect(Object.keys(form.fields).sort()).toEqual(['OSSAccessKeyId', 'policy', 'signature', 'success_action_status']);
    expect(conditionsOf(form.policy)).not.toContainEqual(['eq', '$x-oss-forbid-overwrite', 'true']);
    expect(verifyOssPost({ key: `${req.dir}a.png`, ...form.fields }, creds)).toEqual({ minBytes: 1, maxBytes: 1000 });
  });

  it('for OSS carry x-oss-forbid-overwrite, which the signed policy demands', () => {
    const form = buildOssPostForm(req, { ...creds, forbidOverwrite: true });
    expect(form.fields['x-oss-forbid-overwrite']).toBe('true');
    expect(conditionsOf(form.policy)).toContainEqual(['eq', '$x-oss-forbid-overwrite', 'true']);
    const key = `${req.dir}a.png`;
    expect(verifyOssPost({ key, ...form.fields }, creds)).toEqual({ minBytes: 1, maxBytes: 1000 });
    const { 'x-oss-forbid-overwrite': _dropped, ...without } = form.fields;
    expect(() => verifyOssPost({ key, ...without }, creds)).toThrow(OssRefusal);
    expect(() => verifyOssPost({ key, ...form.fields, 'x-oss-forbid-overwrite': 'false' }, creds)).toThrow(
      /x-oss-forbid-overwrite/,
    );
  });
});
