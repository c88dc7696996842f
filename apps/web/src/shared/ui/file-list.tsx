import { isPreviewableImage } from '@andes/contract/common/enums';
import { isBrowserImageType } from '@andes/contract/common/files';
import { DownloadOutlined, FileImageOutlined, FileOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Image, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../api/notifier.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

/**
 * A list of stored files (spec §2 "file list with preview"): images — a previewable extension of
 * spec §3 whose stored type a browser can draw — as 96 px thumbnails that open antd's preview (one
 * group: arrows between them; Enter or Space on a focused thumbnail); every other file, PSD and
 * TIFF included (no browser draws them), as a download button with its name and size. Thumbnails
 * can be downloaded too. Bytes come through the caller's authenticated calls (`loadBlob`,
 * `download`): an `<img src>` pointing at the API could not send the token. Object URLs are
 * revoked on unmount; a failed preview shows in place with a retry.
 */

export interface ListedFile {
  fileId: string;
  name: string;
  size: number;
  /** The type the server determined from the bytes. */
  contentType: string;
}

export interface FileListProps<F extends ListedFile> {
  files: readonly F[];
  /** The bytes of an image to preview. */
  loadBlob: (file: F) => Promise<Blob>;
  /** Saves a file through the browser's download; resolves with the name it was saved as. */
  download: (file: F) => Promise<string>;
  /** The previews' query key; each file adds its id. A file's bytes never change: previews stay cached. */
  queryKey: readonly unknown[];
  /** Shown when there are no files (default: "No files"). */
  empty?: ReactNode;
}

const THUMB = 96;

/** Shown as a thumbnail: a previewable extension (spec §3) whose bytes a browser can draw. */
export function isThumbnail(file: Pick<ListedFile, 'name' | 'contentType'>): boolean {
  return isPreviewableImage(file.name) && isBrowserImageType(file.contentType);
}

/** A size in KB as the lists show it (at least 1). */
export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation('upload');
  return <Typography.Text type="secondary">{t('fileSize', { size: Math.max(1, Math.round(bytes / 1024)) })}</Typography.Text>;
}

function DownloadButton<F extends ListedFile>({
  file,
  download,
  compact = false,
}: {
  file: F;
  download: (file: F) => Promise<string>;
  compact?: boolean;
}) {
  const { t } = useTranslation('upload');
  const saving = useMutation({ mutationFn: () => download(file) });
  const label = t('download', { name: file.name });
  const get = () =>
    saving.mutate(undefined, {
      onSuccess: (name) => notify.success(t('downloaded', { name })),
      onError: () => notify.error(t('downloadFailed', { name: file.name })),
    });
  if (compact) {
    return (
      <Button
        size="small"
        type="text"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={label}
        loading={saving.isPending}
        onClick={get}
      />
    );
  }
  // The size stands beside the button, not in it: the button's visible text (the name) must be part
  // of its accessible name ("Download <name>"), which a size inside it would break (WCAG 2.5.3).
  return (
    <Flex align="center" gap={8} wrap>
      <Button
        icon={isPreviewableImage(file.name) ? <FileImageOutlined aria-hidden /> : <FileOutlined aria-hidden />}
        aria-label={label}
        loading={saving.isPending}
        onClick={get}
      >
        <span>{file.name}</span>
        <DownloadOutlined aria-hidden />
      </Button>
      <FileSize bytes={file.size} />
    </Flex>
  );
}

function Thumbnail<F extends ListedFile>({ file, props }: { file: F; props: FileListProps<F> }) {
  const { t } = useTranslation('upload');
  const bytes = useQuery({
    queryKey: [...props.queryKey, file.fileId],
    queryFn: () => props.loadBlob(file),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useObjectUrl(bytes.data);
  const { token } = theme.useToken();
  let tile: ReactNode;
  if (bytes.isError) {
    tile = (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={4}
        role="alert"
        style={{
          width: THUMB,
          height: THUMB,
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          padding: 4,
          textAlign: 'center',
        }}
      >
        <WarningOutlined aria-hidden />
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('previewFailed')}
        </Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          aria-label={t('loadAgain', { name: file.name })}
          onClick={() => bytes.refetch()}
        />
      </Flex>
    );
  } else if (url === null) {
    tile = (
      <Flex
        align="center"
        justify="center"
        style={{ width: THUMB, height: THUMB, background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
      >
        <Spin aria-label={t('loading', { name: file.name })} />
      </Flex>
    );
  } else {
    tile = (
      <Image
        src={url}
        alt={file.name}
        aria-label={t('preview', { name: file.name })}
        width={THUMB}
        height={THUMB}
        style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
      />
    );
  }
  return (
    <li>
      <Flex vertical gap={4} style={{ width: THUMB }}>
        {tile}
        <Flex align="center" gap={2}>
          <Typography.Text ellipsis={{ tooltip: file.name }} style={{ fontSize: 12, flex: 1, minWidth: 0 }}>
            {file.name}
          </Typography.Text>
          <DownloadButton file={file} download={props.download} compact />
        </Flex>
      </Flex>
    </li>
  );
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap' } as const;

export function FileList<F extends ListedFile>(props: FileListProps<F>) {
  const { t } = useTranslation('upload');
  const { files } = props;
  if (files.length === 0) return <Typography.Text type="secondary">{props.empty ?? t('noFiles')}</Typography.Text>;
  const images = files.filter(isThumbnail);
  const others = files.filter((f) => !isThumbnail(f));
  return (
    <Flex vertical gap={12}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <ul aria-label={t('images')} style={{ ...LIST_STYLE, gap: 12 }}>
            {images.map((file) => (
              <Thumbnail key={file.fileId} file={file} props={props} />
            ))}
          </ul>
        </Image.PreviewGroup>
      )}
      {others.length > 0 && (
        <ul aria-label={t('files')} style={{ ...LIST_STYLE, gap: 8 }}>
          {others.map((file) => (
            <li key={file.fileId}>
              <DownloadButton file={file} download={props.download} />
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
