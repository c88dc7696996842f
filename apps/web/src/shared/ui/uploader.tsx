import { UPLOADER_DEFAULT_MAX_FILES } from '@andes/contract/common/constants';
import type { Endpoint, RequestOf } from '@andes/contract/common/define-endpoint';
import { isPreviewableImage } from '@andes/contract/common/enums';
import { acceptsFileName, megabytes, type UploadedFile, UploadedFilesResponse } from '@andes/contract/common/uploads';
import { CheckCircleFilled, DeleteOutlined, FileImageOutlined, FileOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../api/client.ts';
import { RequestError } from '../api/errors.ts';
import { FileSize } from './file-list.tsx';

/**
 * The attachment uploader (spec §2, §5, §9): picks files, checks each before sending (at most
 * `maxFiles` in all, default 3; at most the endpoint's size, 10 MB, with the uploadSizeExceed
 * message; the endpoint's extensions), then uploads each file on its own through the endpoint
 * (a multipart call answering UploadedFilesResponse) with a progress bar, a retry for a failed
 * one and a remove button. The server checks everything again, and the type from the bytes: its
 * refusal shows on the file. The value is the uploaded files (what a later save sends as ids),
 * so it sits in an antd Form.Item; `useUploadRequiredRule` makes it required.
 */

export interface UploaderProps<E extends Endpoint> {
  /** A multipart endpoint answering UploadedFilesResponse; each file is sent on its own. */
  endpoint: E;
  /** The files uploaded (controlled, e.g. by Form.Item). */
  value?: readonly UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** Most files in the list (default 3, spec §9; never more than the endpoint takes per request × any number of requests). */
  maxFiles?: number;
  /** Text fields sent with every file. */
  fields?: RequestOf<E>;
  disabled?: boolean;
  /** Set by Form.Item so its label points at the button. */
  id?: string;
}

type Status = 'uploading' | 'done' | 'error';

interface Item {
  key: string;
  name: string;
  size: number;
  /** The picked file (null for files that came in with `value`). */
  file: File | null;
  status: Status;
  percent: number;
  error: string | null;
  uploaded: UploadedFile | null;
  controller: AbortController | null;
}

let serial = 0;
const nextKey = () => `upload-${++serial}`;

const doneItem = (file: UploadedFile): Item => ({
  key: file.fileId,
  name: file.name,
  size: file.size,
  file: null,
  status: 'done',
  percent: 100,
  error: null,
  uploaded: file,
  controller: null,
});

const idsOf = (files: readonly UploadedFile[]) => files.map((f) => f.fileId).join(',');

/** The rule of a required uploader in an antd Form ("Please upload the attachment"). */
export function useUploadRequiredRule(): Rule {
  const { t } = useTranslation('upload');
  return useMemo(
    () => ({
      validator: (_: unknown, value: readonly UploadedFile[] | undefined) =>
        value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('required'))),
    }),
    [t],
  );
}

export function Uploader<E extends Endpoint>({
  endpoint,
  value,
  onChange,
  maxFiles = UPLOADER_DEFAULT_MAX_FILES,
  fields,
  disabled,
  id,
}: UploaderProps<E>) {
  const { t } = useTranslation('upload');
  const declared = endpoint.kind === 'multipart' ? endpoint.files : null;
  if (declared === null) throw new Error(`${endpoint.path} is not a multipart endpoint`);
  const maxBytes = declared.maxFileBytes;
  const [items, setItems] = useState<Item[]>(() => (value ?? []).map(doneItem));
  const [refusals, setRefusals] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const emitted = useRef(idsOf(value ?? []));
  const latest = useRef({ onChange, fields });
  latest.current = { onChange, fields };

  // A value set from outside (a form reset, an edit form loading its files) replaces the list.
  useEffect(() => {
    const ids = idsOf(value ?? []);
    if (ids === emitted.current) return;
    emitted.current = ids;
    setItems((previous) => {
      for (const item of previous) item.controller?.abort();
      return (value ?? []).map(doneItem);
    });
  }, [value]);

  // The files uploaded so far are the value.
  useEffect(() => {
    const done = items.flatMap((i) => (i.status === 'done' && i.uploaded ? [i.uploaded] : []));
    const ids = idsOf(done);
    if (ids === emitted.current) return;
    emitted.current = ids;
    latest.current.onChange?.(done);
  }, [items]);

  // Uploads still running stop when the uploader goes away.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const item of itemsRef.current) item.controller?.abort();
    },
    [],
  );

  const update = (key: string, change: Partial<Item>) =>
    setItems((previous) => previous.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const send = (key: string, file: File) => {
    const controller = new AbortController();
    update(key, { status: 'uploading', percent: 0, error: null, controller });
    upload(
      endpoint,
      { fields: latest.current.fields, files: [file] },
      {
        signal: controller.signal,
        silent: true,
        // The bar stops short of 100 until the server has stored the file.
        onProgress: ({ loaded, total }) => update(key, { percent: total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0 }),
      },
    ).then(
      (data) => {
        const parsed = UploadedFilesResponse.safeParse(data);
        const stored = parsed.success ? parsed.data.files[0] : undefined;
        if (!stored) {
          update(key, { status: 'error', error: t('uploadFailed'), controller: null });
          return;
        }
        update(key, { status: 'done', percent: 100, uploaded: stored, controller: null });
      },
      (error: unknown) => {
        // Removed, or the uploader went away: nothing to show.
        if (controller.signal.aborted) return;
        // The server's refusal (ApiError) or the client's text (timeout, network) says why; a call
        // stopped by the client (the MFA panel took over) just failed, and can be sent again.
        const aborted = error instanceof RequestError && error.kind === 'aborted';
        update(key, { status: 'error', error: !aborted && error instanceof Error ? error.message : null, controller: null });
      },
    );
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const refused: string[] = [];
    const accepted: Item[] = [];
    let room = maxFiles - items.length;
    for (const file of picked) {
      const reason =
        room <= 0
          ? t('tooMany', { count: maxFiles })
          : file.size > maxBytes
            ? t('uploadSizeExceed', { size: megabytes(maxBytes) })
            : !acceptsFileName(declared, file.name)
              ? t('wrongType', { extensions: declared.extensions.join(', ') })
              : null;
      if (reason) {
        refused.push(t('refused', { name: file.name, reason }));
        continue;
      }
      room -= 1;
      accepted.push({
        key: nextKey(),
        name: file.name,
        size: file.size,
        file,
        status: 'uploading',
        percent: 0,
        error: null,
        uploaded: null,
        controller: null,
      });
    }
    setRefusals(refused);
    if (accepted.length === 0) return;
    setItems((previous) => [...previous, ...accepted]);
    for (const item of accepted) if (item.file) send(item.key, item.file);
  };

  const remove = (item: Item) => {
    item.controller?.abort();
    setItems((previous) => previous.filter((i) => i.key !== item.key));
  };

  const accept = declared.extensions.length > 0 ? declared.extensions.join(',') : declared.accept.join(',');
  const full = items.length >= maxFiles;
  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        hidden
        // antd's form styles show `input[type=file]` as a block inside a Form.Item, over `hidden`.
        style={{ display: 'none' }}
        multiple={maxFiles > 1}
        accept={accept || undefined}
        onChange={onPick}
        data-testid="uploader-input"
      />
      <Flex align="center" gap={8} wrap>
        <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={disabled || full} onClick={() => input.current?.click()}>
          {maxFiles > 1 ? t('select') : t('selectOne')}
        </Button>
        <Typography.Text type="secondary">
          {maxFiles > 1 ? t('hint', { count: maxFiles, size: megabytes(maxBytes) }) : t('hintOne', { size: megabytes(maxBytes) })}
        </Typography.Text>
      </Flex>
      {refusals.length > 0 && (
        <Flex vertical role="alert">
          {refusals.map((text) => (
            <Typography.Text key={text} type="danger">
              {text}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {items.length > 0 && (
        <ul aria-label={t('list')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          {items.map((item) => (
            <li key={item.key}>
              <Flex vertical gap={2}>
                <Flex align="center" gap={8}>
                  {isPreviewableImage(item.name) ? <FileImageOutlined aria-hidden /> : <FileOutlined aria-hidden />}
                  <Typography.Text ellipsis={{ tooltip: item.name }} style={{ minWidth: 0, flex: '0 1 auto' }}>
                    {item.name}
                  </Typography.Text>
                  <FileSize bytes={item.size} />
                  {item.status === 'done' && (
                    <Typography.Text type="success">
                      <CheckCircleFilled aria-hidden /> {t('uploaded')}
                    </Typography.Text>
                  )}
                  {item.status === 'error' && item.file && (
                    <Button
                      size="small"
                      icon={<ReloadOutlined aria-hidden />}
                      aria-label={t('retryUpload', { name: item.name })}
                      disabled={disabled}
                      onClick={() => item.file && send(item.key, item.file)}
                    />
                  )}
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('remove', { name: item.name })}
                    disabled={disabled}
                    onClick={() => remove(item)}
                  />
                </Flex>
                {item.status === 'uploading' && (
                  <Progress percent={item.percent} size="small" aria-label={t('progress', { name: item.name })} />
                )}
                {item.status === 'error' && (
                  <Typography.Text type="danger" role="alert">
                    {item.error ? t('refused', { name: t('uploadFailed'), reason: item.error }) : t('uploadFailed')}
                  </Typography.Text>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
