import type { Language } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { REPORT_FORMATS, type ReportFormat } from '@andes/contract/download-center/enums';
import { REPORT_LINK_TTL_HOURS } from '@andes/contract/finance/enums';
import type { DailyReportDownloadRequest } from '@andes/contract/finance/schemas';
import { Alert, Button, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { CopyField } from '../../../shared/ui/copy-field.tsx';
import { useReportLink } from '../api/report-calls.ts';
import { zoneLabel } from '../zone-label.ts';

interface ShareLinkDialogProps {
  open: boolean;
  /** The report shown, as a download in a format and language. */
  requestOf(format: ReportFormat, language: Language): DailyReportDownloadRequest;
  timeZone: string;
  onClose(): void;
}

/** The link's address as a person copies it: the server answers a path on its own origin. */
function absolute(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/**
 * "Share link": a link that downloads the report shown (the whole period, in the chosen format)
 * once, without signing in, until it expires (REPORT_LINK_TTL_HOURS). The dialog shows the URL
 * with a copy button, when it expires, and that it works once.
 */
export function ShareLinkDialog({ open, requestOf, timeZone, onClose }: ShareLinkDialogProps) {
  const { t } = useTranslation('finance');
  const { t: te } = useTranslation('export');
  const { t: tc } = useTranslation('common');
  const language = useAppStore((s) => s.language);
  const [format, setFormat] = useState<ReportFormat>('xlsx');
  const link = useReportLink();

  const close = () => {
    link.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('share.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        link.data
          ? [
              <Button key="close" onClick={close}>
                {tc('close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {tc('cancel')}
              </Button>,
              <Button key="create" type="primary" loading={link.isPending} onClick={() => link.mutate(requestOf(format, language))}>
                {t('share.create')}
              </Button>,
            ]
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('share.intro', { hours: REPORT_LINK_TTL_HOURS })}</Typography.Paragraph>
        {!link.data && (
          <Form layout="vertical" onFinish={() => link.mutate(requestOf(format, language))}>
            <Form.Item label={t('share.format')} style={{ margin: 0 }}>
              <Radio.Group
                aria-label={t('share.format')}
                value={format}
                onChange={(event) => setFormat(event.target.value as ReportFormat)}
                options={REPORT_FORMATS.map((value) => ({ value, label: te(`format.${value}`) }))}
              />
            </Form.Item>
          </Form>
        )}
        {link.isError && <Alert type="error" showIcon role="alert" title={errorMessage(link.error)} />}
        {link.data && (
          <>
            <CopyField value={absolute(link.data.url)} label={t('share.url')} />
            <Alert
              type="warning"
              showIcon
              role="status"
              title={t('share.once')}
              description={t('share.expires', {
                at: formatDateTime(link.data.expiresAt, timeZone),
                zone: zoneLabel(timeZone),
              })}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
