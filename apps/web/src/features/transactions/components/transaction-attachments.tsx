import { isPreviewableImage } from '@andes/contract/common/enums';
import { isBrowserImageType } from '@andes/contract/common/files';
import type { AttachmentInfo } from '@andes/contract/transaction/schemas';
import { DownloadOutlined, FileImageOutlined, FileOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Spin, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { useAttachmentBlob, useAttachmentDownload } from '../api/use-attachment-file.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';

const THUMB = 96;

/** Shown as a thumbnail: a previewable extension (spec §3) whose bytes a browser can draw. */
export function isThumbnail(file: AttachmentInfo): boolean {
  return isPreviewableImage(file.name) && isBrowserImageType(file.contentType);
}

function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation('transactions');
  return <Typography.Text type="secondary">{t('detail.fileSize', { size: Math.max(1, Math.round(bytes / 1024)) })}</Typography.Text>;
}

function DownloadButton({ id, file, compact = false }: { id: number; file: AttachmentInfo; compact?: boolean }) {
  const { t } = useTranslation('transactions');
  const download = useAttachmentDownload();
  const label = t('attachment.download', { name: file.name });
  const get = () =>
    download.mutate(
      { id, fileId: file.fileId, name: file.name },
      {
        onSuccess: (name) => notify.success(t('attachment.done', { name })),
        onError: () => notify.error(t('attachment.downloadFailed', { name: file.name })),
      },
    );
  if (compact) {
    return (
      <Button
        size="small"
        type="text"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={label}
        loading={download.isPending}
        onClick={get}
      />
    );
  }
  const image = isPreviewableImage(file.name);
  return (
    <Button
      icon={image ? <FileImageOutlined aria-hidden /> : <FileOutlined aria-hidden />}
      aria-label={label}
      loading={download.isPending}
      onClick={get}
    >
      <span>{file.name}</span>
      <FileSize bytes={file.size} />
      <DownloadOutlined aria-hidden />
    </Button>
  );
}

/** One image: loads its bytes as a Blob, shows it through an object URL (revoked on unmount), previews in the group. */
function Thumbnail({ id, file }: { id: number; file: AttachmentInfo }) {
  const { t } = useTranslation('transactions');
  const bytes = useAttachmentBlob({ id, fileId: file.fileId });
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
          {t('attachment.failed')}
        </Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          aria-label={t('attachment.retry', { name: file.name })}
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
        <Spin aria-label={t('attachment.loading', { name: file.name })} />
      </Flex>
    );
  } else {
    tile = (
      <Image
        src={url}
        alt={file.name}
        aria-label={t('attachment.preview', { name: file.name })}
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
          <DownloadButton id={id} file={file} compact />
        </Flex>
      </Flex>
    </li>
  );
}

/** The names and sizes only: for callers who may not open files (no transactions:detail). */
function NameList({ files }: { files: readonly AttachmentInfo[] }) {
  const { t } = useTranslation('transactions');
  return (
    <Flex vertical gap={8}>
      <ul aria-label={t('section.attachments')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((file) => (
          <li key={file.fileId}>
            <Flex gap={8} align="center">
              {isPreviewableImage(file.name) ? <FileImageOutlined aria-hidden /> : <FileOutlined aria-hidden />}
              <span>{file.name}</span>
              <FileSize bytes={file.size} />
            </Flex>
          </li>
        ))}
      </ul>
      <Typography.Text type="secondary">{t('attachment.noAccess')}</Typography.Text>
    </Flex>
  );
}

/**
 * A transaction's attachments: images (previewable extensions the browser can draw) as
 * thumbnails that open antd's preview, with arrows between them; other files as download buttons.
 * Bytes come through the app's authenticated client. Opening files needs transactions:detail.
 */
export function TransactionAttachments({ id, files }: { id: number; files: readonly AttachmentInfo[] }) {
  const { t } = useTranslation('transactions');
  if (files.length === 0) return <Typography.Text type="secondary">{t('detail.noAttachments')}</Typography.Text>;
  const images = files.filter(isThumbnail);
  const others = files.filter((f) => !isThumbnail(f));
  return (
    <Can permission="transactions:detail" fallback={<NameList files={files} />}>
      <Flex vertical gap={12}>
        {images.length > 0 && (
          <Image.PreviewGroup>
            <ul
              aria-label={t('attachment.images')}
              style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}
            >
              {images.map((file) => (
                <Thumbnail key={file.fileId} id={id} file={file} />
              ))}
            </ul>
          </Image.PreviewGroup>
        )}
        {others.length > 0 && (
          <ul
            aria-label={t('attachment.files')}
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}
          >
            {others.map((file) => (
              <li key={file.fileId}>
                <DownloadButton id={id} file={file} />
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Can>
  );
}
