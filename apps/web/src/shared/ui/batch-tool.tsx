import { type BatchSummary, batchSummaryOf } from '@andes/contract/common/batch';
import { BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import type { Endpoint, RequestOf, ResponseOf } from '@andes/contract/common/define-endpoint';
import { megabytes } from '@andes/contract/common/uploads';
import { isBatchUploadFileName } from '@andes/contract/common/validators';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Progress, Typography } from 'antd';
import { type ChangeEvent, Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BinaryFile, upload } from '../api/client.ts';
import { downloadFile } from '../api/download-cache.ts';
import { RequestError } from '../api/errors.ts';
import { saveFile } from './download.ts';

/**
 * The batch generation tool (spec §2, §5, §7): download the template, upload one `.xlsx` (form
 * field `file`, checked here for its extension and 10 MB first), watch it go up, then download
 * the result file — every row with its result and errors — and read the counts (rows, OK, with
 * errors) the server sent with it. A file the server refuses as a whole (not an xlsx, a zip bomb,
 * too many rows, missing columns) shows its reason in place; nothing of it was processed.
 *
 * With a `check` step, the picked file first goes to the check call (a dry run answering JSON),
 * whose answer the caller shows inline — each row's errors, the figures — with what must be done
 * before the valid rows are created (a confirmation, a verification code). The person picks a
 * corrected file (checked again), or goes on: `create(fields)` sends the same file to the upload
 * call, which answers the result file as above.
 */

/** What the inline answer of a check step can do. */
export interface BatchCheckActions<U extends Endpoint> {
  /** The file checked. */
  fileName: string;
  /**
   * Sends the checked file to the upload call with these text fields. Resolves once the result
   * file is there (the tool then shows it); rejects with the failure, which the caller shows (the
   * answer stays on screen, so the person can correct and try again).
   */
  create(fields: RequestOf<U>): Promise<void>;
  /** The file is going up to the upload call. */
  creating: boolean;
}

/** A dry run before the upload: a multipart call of one file answering JSON. */
export interface BatchCheckStep<C extends Endpoint, U extends Endpoint> {
  endpoint: C;
  /** Text fields sent with the file. */
  fields?: RequestOf<C>;
  /** The counts of the answer (rows, valid, with errors). */
  summary(answer: ResponseOf<C>): BatchSummary;
  /** The answer shown under the counts, with the way on (`actions.create`); its state starts afresh for each file checked. */
  render(answer: ResponseOf<C>, actions: BatchCheckActions<U>): ReactNode;
}

export interface BatchToolProps<T extends Endpoint, U extends Endpoint, C extends Endpoint = never> {
  /** The template download (a binary call). */
  template: T;
  templateBody?: RequestOf<T>;
  /** The upload: a multipart call of one file answering the result file. */
  upload: U;
  /** Text fields sent with the file (without a check step). */
  fields?: RequestOf<U>;
  /** Check the file first (a dry run shown inline), then upload it with the fields the answer leads to. */
  check?: BatchCheckStep<C, U>;
  /** Most data rows of a file, shown in the hint (default BATCH_MAX_ROWS). */
  maxRows?: number;
  /** Called with the counts once a file was processed (a screen refreshes its list). */
  onChecked?: (summary: BatchSummary | null) => void;
  /** Hand the result file to the browser as soon as it is there (it stays offered for download too). */
  saveResult?: boolean;
}

type State<A> =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; percent: number }
  | { step: 'failed'; name: string; message: string }
  | { step: 'checked'; seq: number; name: string; file: File; answer: A; summary: BatchSummary; creating: boolean; percent: number }
  | { step: 'done'; name: string; result: BinaryFile; summary: BatchSummary | null };

/** The result file's name when the server gives none: `<file>-result.xlsx`. */
const resultName = (fileName: string) => `${fileName.replace(/\.xlsx$/i, '')}-result.xlsx`;

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0);

export function BatchTool<T extends Endpoint, U extends Endpoint, C extends Endpoint = never>(props: BatchToolProps<T, U, C>) {
  const { t } = useTranslation('upload');
  const { check, onChecked } = props;
  const declared = props.upload.kind === 'multipart' ? props.upload.files : null;
  if (declared === null || !props.upload.answersFile)
    throw new Error(`${props.upload.path} is not a batch upload (multipart, answering a file)`);
  if (check && (check.endpoint.kind !== 'multipart' || check.endpoint.answersFile))
    throw new Error(`${check.endpoint.path} is not a batch check (multipart, answering JSON)`);
  const maxBytes = declared.maxFileBytes;
  const [state, setState] = useState<State<ResponseOf<C>>>({ step: 'idle' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [gettingTemplate, setGettingTemplate] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  // Each file checked gets its own answer panel (its state — a confirmation, a code — starts afresh).
  const checks = useRef(0);
  useEffect(() => () => running.current?.abort(), []);

  const getTemplate = async () => {
    setGettingTemplate(true);
    try {
      await downloadFile(props.template, (props.templateBody ?? {}) as RequestOf<T>, 'template.xlsx');
    } catch {
      // The client has shown why.
    } finally {
      setGettingTemplate(false);
    }
  };

  /** A new request, the previous one (if any) aborted. */
  const start = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    return controller;
  };

  const messageOf = (error: unknown) => {
    const aborted = error instanceof RequestError && error.kind === 'aborted';
    return !aborted && error instanceof Error ? error.message : '';
  };

  /** Uploads the file for its result file; `fields` are the upload's text fields. */
  const sendForResult = (file: File, fields: RequestOf<U> | undefined, controller: AbortController, progress: (percent: number) => void) =>
    upload(
      props.upload,
      { fields, files: [file] },
      { signal: controller.signal, silent: true, onProgress: ({ loaded, total }) => progress(percentOf(loaded, total)) },
    ).then((answer) => {
      const result = answer as BinaryFile;
      const summary = batchSummaryOf((name) => result.headers.get(name));
      if (controller.signal.aborted) return;
      setState({ step: 'done', name: file.name, result, summary });
      if (props.saveResult) saveFile(result, resultName(file.name));
      onChecked?.(summary);
    });

  const uploadingProgress = (percent: number) => setState((s) => (s.step === 'uploading' ? { ...s, percent } : s));

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = !isBatchUploadFileName(file.name)
      ? t('batch.onlyXlsx')
      : file.size > maxBytes
        ? t('uploadSizeExceed', { size: megabytes(maxBytes) })
        : null;
    setRefusal(reason ? t('refused', { name: file.name, reason }) : null);
    if (reason) return;
    const controller = start();
    setState({ step: 'uploading', name: file.name, percent: 0 });
    const failed = (error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', name: file.name, message: messageOf(error) });
    };
    if (!check) {
      sendForResult(file, props.fields, controller, uploadingProgress).catch(failed);
      return;
    }
    upload(
      check.endpoint,
      { fields: check.fields, files: [file] },
      { signal: controller.signal, silent: true, onProgress: ({ loaded, total }) => uploadingProgress(percentOf(loaded, total)) },
    ).then((answer) => {
      if (controller.signal.aborted) return;
      const checked = answer as ResponseOf<C>;
      checks.current += 1;
      setState({
        step: 'checked',
        seq: checks.current,
        name: file.name,
        file,
        answer: checked,
        summary: check.summary(checked),
        creating: false,
        percent: 0,
      });
    }, failed);
  };

  const create = (file: File, fields: RequestOf<U>): Promise<void> => {
    const controller = start();
    const progress = (percent: number) => setState((s) => (s.step === 'checked' ? { ...s, percent } : s));
    setState((s) => (s.step === 'checked' ? { ...s, creating: true, percent: 0 } : s));
    return sendForResult(file, fields, controller, progress).catch((error: unknown) => {
      if (!controller.signal.aborted) setState((s) => (s.step === 'checked' ? { ...s, creating: false } : s));
      throw error;
    });
  };

  const busy = state.step === 'uploading' || (state.step === 'checked' && state.creating);
  const checkedSummary = (summary: BatchSummary) => (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 3 }}
      items={[
        { key: 'total', label: t('batch.total'), children: summary.total },
        { key: 'ok', label: t('batch.ok'), children: summary.ok },
        {
          key: 'failed',
          label: t('batch.withErrors'),
          children: <Typography.Text type={summary.failed > 0 ? 'danger' : undefined}>{summary.failed}</Typography.Text>,
        },
      ]}
    />
  );

  return (
    <Flex vertical gap={12}>
      <input ref={input} type="file" hidden accept=".xlsx" onChange={onPick} data-testid="batch-input" />
      <Flex gap={8} wrap align="center">
        <Button icon={<FileExcelOutlined aria-hidden />} loading={gettingTemplate} onClick={getTemplate}>
          {t('batch.template')}
        </Button>
        <Button
          type={state.step === 'checked' ? 'default' : 'primary'}
          icon={<UploadOutlined aria-hidden />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {state.step === 'idle' ? t('batch.upload') : state.step === 'checked' ? t('batch.corrected') : t('batch.again')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {t('batch.hint', { size: megabytes(maxBytes), rows: props.maxRows ?? BATCH_MAX_ROWS })}
      </Typography.Text>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
      {state.step === 'uploading' && (
        <Flex vertical gap={2}>
          <Typography.Text>{t('batch.checking', { name: state.name })}</Typography.Text>
          <Progress percent={state.percent} size="small" aria-label={t('batch.checking', { name: state.name })} />
        </Flex>
      )}
      {state.step === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('batch.failed', { name: state.name })}
          description={state.message || undefined}
        />
      )}
      {state.step === 'checked' && check && (
        <Flex vertical gap={8} role="region" aria-label={t('batch.checked', { name: state.name })}>
          <Typography.Text strong>{t('batch.checked', { name: state.name })}</Typography.Text>
          {checkedSummary(state.summary)}
          {state.summary.failed > 0 && <Typography.Text type="secondary">{t('batch.fixAndUpload')}</Typography.Text>}
          <Fragment key={state.seq}>
            {check.render(state.answer, {
              fileName: state.name,
              create: (fields) => create(state.file, fields),
              creating: state.creating,
            })}
          </Fragment>
          {state.creating && (
            <Flex vertical gap={2}>
              <Typography.Text>{t('batch.sending', { name: state.name })}</Typography.Text>
              <Progress percent={state.percent} size="small" aria-label={t('batch.sending', { name: state.name })} />
            </Flex>
          )}
        </Flex>
      )}
      {state.step === 'done' && (
        <Flex
          vertical
          gap={8}
          role="status"
          aria-label={check ? t('batch.processed', { name: state.name }) : t('batch.done', { name: state.name })}
        >
          <Typography.Text strong>
            {check ? t('batch.processed', { name: state.name }) : t('batch.done', { name: state.name })}
          </Typography.Text>
          {state.summary && checkedSummary(state.summary)}
          <Flex gap={8} align="center" wrap>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => saveFile(state.result, resultName(state.name))}>
              {t('batch.result')}
            </Button>
            <Typography.Text type="secondary">{t('batch.resultHint')}</Typography.Text>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
