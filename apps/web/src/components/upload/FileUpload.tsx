import { InboxOutlined } from '@ant-design/icons';
import { Progress, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { filesMessages, UPLOAD_RULES, type FileType, type RegisteredFile, type UploadPurpose } from '@app/contract';
import { ApiError } from '../../lib/api';
import { feedback } from '../../lib/feedback';
import { durationProblem, SITE_PICTURE_CHECK, UPLOAD_CHECKS, uploadProblem, type UploadCheck } from './check-file';
import { readAudioDuration } from './media-duration';
import { uploadLabels } from './messages';
import { registerUpload, uploadToStorage } from './upload-api';

/** How long the finished bar stays before it resets (spec 000 §4). */
const RESET_AFTER_MS = 300;

interface FileUploadBase {
  fileType: FileType;
  /** site: a logo or other site picture from the console, any size from 16 to 4096 px (SITE_PICTURE_RULES). */
  purpose?: UploadPurpose;
  /** What the browser checks before uploading; the rules of `fileType` when omitted. */
  check?: UploadCheck;
  hint?: ReactNode;
  disabled?: boolean;
}

/** The file is registered (POST /api/upload/complete), then handed to the caller. */
interface RegisterThenUse {
  /** Runs after registration; if it throws, the upload counts as failed and the list is cleared. */
  onUploaded: (file: RegisteredFile, original: File) => void | Promise<void>;
  keep?: never;
}

/**
 * The caller registers the posted object and keeps it in one server call of its own (the library's
 * save), so no registered file is ever left that no list shows, whatever becomes of the browser.
 */
interface RegisterAndKeep {
  /** Gets the object's URL once it is in storage; if it throws, the upload counts as failed. */
  keep: (url: string, original: File) => Promise<void>;
  onUploaded?: never;
}

export type FileUploadProps = FileUploadBase & (RegisterThenUse | RegisterAndKeep);

type Phase = 'idle' | 'active' | 'success';

/**
 * The upload used everywhere: one file at a time, checked in the browser, posted straight to the storage
 * host with real progress, then registered (or registered and kept in one step, see `keep`).
 * Active → success → reset after 300 ms.
 */
export function FileUpload(props: FileUploadProps) {
  const { fileType, hint, disabled, purpose } = props;
  const check = props.check ?? (purpose === 'site' ? SITE_PICTURE_CHECK : UPLOAD_CHECKS[fileType]);
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const [percent, setPercent] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // The finished bar stays for RESET_AFTER_MS from when it is on screen, however long rendering took.
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      setPhase('idle');
      setPercent(0);
    }, RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const fail = (error: unknown) => {
    const registerRefusal = error instanceof ApiError && error.code === 1 && error.message;
    feedback.error(registerRefusal ? error.message : filesMessages.uploadFailed);
    // Spec: a failed upload or registration clears the upload and the file list.
    setFileList([]);
    setPercent(0);
    setPhase('idle');
  };

  const start = async (file: File) => {
    abort.current = new AbortController();
    setPhase('active');
    // A length the rule refuses is said before a byte is sent; one the browser cannot read goes to the server.
    const lengthProblem = check.duration ? durationProblem(check, await readAudioDuration(file)) : null;
    if (lengthProblem) {
      feedback.error(lengthProblem);
      setPhase('idle');
      return;
    }
    setPercent(0);
    setFileList([{ uid: String(Date.now()), name: file.name, status: 'uploading', percent: 0 }]);
    try {
      const url = await uploadToStorage(
        fileType,
        file,
        (p) => {
          setPercent(p);
          setFileList((l) => l.map((f) => ({ ...f, percent: p })));
        },
        abort.current.signal,
      );
      if (props.keep) await props.keep(url, file);
      else await props.onUploaded(await registerUpload(fileType, url, file, purpose), file);
      setPercent(100);
      setPhase('success');
      setFileList((l) => l.map((f) => ({ ...f, status: 'done', percent: 100 })));
      feedback.success(filesMessages.uploaded);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) fail(error);
    }
  };

  return (
    <div>
      <Upload.Dragger
        // Every file reaches beforeUpload (no silent filtering), so each refusal gets its message.
        accept={{ format: UPLOAD_RULES[fileType].accept, filter: 'native' }}
        multiple
        maxCount={1}
        fileList={fileList}
        disabled={disabled || phase === 'active'}
        showUploadList={{ showRemoveIcon: phase !== 'active' }}
        onRemove={() => setFileList([])}
        beforeUpload={(file, batch) => {
          // One file at a time: a batch is refused whole, with one message.
          if (batch.length > 1) {
            if (file === batch[0]) feedback.error(filesMessages.oneFileAtATime);
            return Upload.LIST_IGNORE;
          }
          const problem = uploadProblem(check, file);
          if (problem) feedback.error(problem);
          else void start(file);
          // The upload runs in `start`; antd's own request is never used.
          return problem ? Upload.LIST_IGNORE : false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <Typography.Text>{uploadLabels.dropHint}</Typography.Text>
        {hint ? <div style={{ marginTop: 4 }}>{hint}</div> : null}
      </Upload.Dragger>
      {phase !== 'idle' ? (
        <Progress
          percent={percent}
          status={phase === 'success' ? 'success' : 'active'}
          aria-label={uploadLabels.uploading}
        />
      ) : null}
    </div>
  );
}
