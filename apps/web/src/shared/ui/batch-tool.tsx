import { type BatchSummary, batchSummaryOf } from '@andes/contract/common/batch';
import { BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import type { Endpoint, RequestOf } from '@andes/contract/common/define-endpoint';
import { megabytes } from '@andes/contract/common/uploads';
import { isBatchUploadFileName } from '@andes/contract/common/validators';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Progress, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
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
 */

export interface BatchToolProps<T extends Endpoint, U extends Endpoint> {
  /** The template download (a binary call). */
  template: T;
  templateBody?: RequestOf<T>;
  /** The upload: a multipart call of one file answering the result file. */
  upload: U;
  /** Text fields sent with the file. */
  fields?: RequestOf<U>;
  /** Called with the counts once a file was checked (a screen refreshes its list). */
  onChecked?: (summary: BatchSummary | null) => void;
}

type State =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; percent: number }
  | { step: 'failed'; name: string; message: string }
  | { step: 'done'; name: string; result: BinaryFile; summary: BatchSummary | null };

export function BatchTool<T extends Endpoint, U extends Endpoint>(props: BatchToolProps<T, U>) {
  const { t } = useTranslation('upload');
  const declared = props.upload.kind === 'multipart' ? props.upload.files : null;
  if (declared === null || !props.upload.answersFile)
    throw new Error(`${props.upload.path} is not a batch upload (multipart, answering a file)`);
  const maxBytes = declared.maxFileBytes;
  const [state, setState] = useState<State>({ step: 'idle' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [gettingTemplate, setGettingTemplate] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
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
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'uploading', name: file.name, percent: 0 });
    upload(
      props.upload,
      { fields: props.fields, files: [file] },
      {
        signal: controller.signal,
        silent: true,
        onProgress: ({ loaded, total }) =>
          setState((s) =>
            s.step === 'uploading' ? { ...s, percent: total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0 } : s,
          ),
      },
    ).then(
      (answer) => {
        const result = answer as BinaryFile;
        const summary = batchSummaryOf((name) => result.headers.get(name));
        setState({ step: 'done', name: file.name, result, summary });
        props.onChecked?.(summary);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const aborted = error instanceof RequestError && error.kind === 'aborted';
        setState({ step: 'failed', name: file.name, message: !aborted && error instanceof Error ? error.message : '' });
      },
    );
  };

  const busy = state.step === 'uploading';
  return (
    <Flex vertical gap={12}>
      <input ref={input} type="file" hidden accept=".xlsx" onChange={onPick} data-testid="batch-input" />
      <Flex gap={8} wrap align="center">
        <Button icon={<FileExcelOutlined aria-hidden />} loading={gettingTemplate} onClick={getTemplate}>
          {t('batch.template')}
        </Button>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled={busy} onClick={() => input.current?.click()}>
          {state.step === 'idle' ? t('batch.upload') : t('batch.again')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('batch.hint', { size: megabytes(maxBytes), rows: BATCH_MAX_ROWS })}</Typography.Text>
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
      {state.step === 'done' && (
        <Flex vertical gap={8} role="status" aria-label={t('batch.done', { name: state.name })}>
          <Typography.Text strong>{t('batch.done', { name: state.name })}</Typography.Text>
          {state.summary && (
            <Descriptions
              size="small"
              column={3}
              items={[
                { key: 'total', label: t('batch.total'), children: state.summary.total },
                { key: 'ok', label: t('batch.ok'), children: state.summary.ok },
                {
                  key: 'failed',
                  label: t('batch.withErrors'),
                  children: (
                    <Typography.Text type={state.summary.failed > 0 ? 'danger' : undefined}>{state.summary.failed}</Typography.Text>
                  ),
                },
              ]}
            />
          )}
          <Flex gap={8} align="center" wrap>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() => saveFile(state.result, `${state.name.replace(/\.xlsx$/i, '')}-result.xlsx`)}
            >
              {t('batch.result')}
            </Button>
            <Typography.Text type="secondary">{t('batch.resultHint')}</Typography.Text>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
