import { isPreviewableImage } from '@andes/contract/common/enums';
import type { AttachmentInfo } from '@andes/contract/transaction/schemas';
import { FileImageOutlined, FileOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/can.tsx';
import { FileList, FileSize } from '../../../shared/ui/file-list.tsx';
import { attachmentBlob, saveAttachment } from '../api/attachment-file.ts';
import { transactionKeys } from '../api/query-keys.ts';

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
 * A transaction's attachments in the shared file list (images as thumbnails with a preview, other
 * files as downloads), loaded through the attachment download call. Opening files needs
 * transactions:detail; without it, names and sizes only.
 */
export function TransactionAttachments({ id, files }: { id: number; files: readonly AttachmentInfo[] }) {
  const { t } = useTranslation('transactions');
  if (files.length === 0) return <Typography.Text type="secondary">{t('detail.noAttachments')}</Typography.Text>;
  return (
    <Can permission="transactions:detail" fallback={<NameList files={files} />}>
      <FileList
        files={files}
        queryKey={transactionKeys.attachments(id)}
        loadBlob={(file) => attachmentBlob({ id, fileId: file.fileId })}
        download={(file) => saveAttachment({ id, fileId: file.fileId, name: file.name })}
      />
    </Can>
  );
}
