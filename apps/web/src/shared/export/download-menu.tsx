import type { Language } from '@andes/contract/common/constants';
import { REPORT_FORMATS, type ReportFormat } from '@andes/contract/download-center/enums';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../api/notifier.ts';
import { useAppStore } from '../store/app-store.ts';

interface DownloadMenuProps {
  /** Downloads the file of a format in the interface language; resolves with the file's name. Null: nothing to download yet. */
  download: ((format: ReportFormat, language: Language) => Promise<string>) | null;
  /** The button's text ("Download" by default). */
  label?: string;
}

/**
 * A "Download" menu for files the server writes at once (a daily report, a sub-merchant's daily
 * summary): CSV or XLSX, saved through the download cache. The client shows a failure; a success
 * names the file.
 */
export function DownloadMenu({ download, label }: DownloadMenuProps) {
  const { t } = useTranslation('export');
  const language = useAppStore((s) => s.language);
  const file = useMutation({
    mutationFn: (format: ReportFormat) => {
      if (download === null) throw new Error('nothing to download');
      return download(format, language);
    },
    onSuccess: (name) => notify.success(t('done', { name })),
  });
  return (
    <Dropdown
      trigger={['click']}
      disabled={download === null || file.isPending}
      menu={{
        items: REPORT_FORMATS.map((format) => ({ key: format, icon: <DownloadOutlined aria-hidden />, label: t(`format.${format}`) })),
        onClick: ({ key }) => file.mutate(key as ReportFormat),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={file.isPending} aria-busy={file.isPending}>
        {file.isPending ? t('downloading') : (label ?? t('download'))} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
