import { IP_TRUSTLIST_MAX_ENTRIES, SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { IP_ENTRY_KINDS, IP_VERSIONS } from '@andes/contract/common/enums';
import { orEmpty } from '@andes/contract/common/format';
import { type IpTrustlistType, ipTrustlistTypeOfSegment } from '@andes/contract/ip-trustlist/enums';
import type { IpTrustEntry, IpTrustlistPageRequest } from '@andes/contract/ip-trustlist/schemas';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { dialogPatch, readDialog } from '../../../shared/list/dialog-param.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { FilterActions } from '../../../shared/ui/filter-actions.tsx';
import { FilterForm } from '../../../shared/ui/filter-form.tsx';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useConfirm } from '../../../shared/ui/use-confirm.tsx';
import { useIpTrustlistPage, useIpTrustlistRemove, useIpTrustlistUsage } from '../api/use-ip-trustlist.ts';
import { AddEntriesModal } from '../components/add-entries-modal.tsx';
import { EditEntryModal } from '../components/edit-entry-modal.tsx';
import { IP_DIALOGS, IP_DIALOGS_WITH_ID, IP_TRUSTLIST_PATH, type IpFilters, ipFilterParams, ipPageRequestOf } from '../ip-list-url.ts';

function IpFilterBar({ request, onSearch }: { request: IpTrustlistPageRequest; onSearch(filters: IpFilters): void }) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<IpFilters>();
  const { address, kind, version } = request;
  useEffect(() => {
    form.setFieldsValue({ address, kind, version });
  }, [form, address, kind, version]);
  return (
    <FilterForm<IpFilters> form={form} name="ip-filters" onFinish={onSearch} label={t('filters')}>
      <Form.Item name="address" label={t('address')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="kind" label={t('kind')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 140 }}
          options={IP_ENTRY_KINDS.map((k) => ({ value: k, label: t(`kindName.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="version" label={t('version')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 120 }}
          options={IP_VERSIONS.map((v) => ({ value: v, label: t(`versionName.${v}`) }))}
        />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </FilterForm>
  );
}

function EntryList({ listType }: { listType: IpTrustlistType }) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const zone = useDisplayTimeZone();
  const list = useListUrl();
  const request = ipPageRequestOf(listType, list.params, list.position);
  const page = useIpTrustlistPage(request);
  const usage = useIpTrustlistUsage(listType);
  const remove = useIpTrustlistRemove();
  const [confirm, confirmHolder] = useConfirm();
  const dialog = readDialog(list.params, IP_DIALOGS, IP_DIALOGS_WITH_ID);
  const editing = dialog?.kind === 'edit' ? (page.data?.list.find((e) => e.id === dialog.id) ?? null) : null;
  const used = usage.data ?? 0;

  const closeDialog = () => list.update(dialogPatch(null), { keepPage: true, replace: true });

  const columns: TableColumnsType<IpTrustEntry> = [
    { key: 'value', title: t('address'), render: (_, entry) => <Typography.Text code>{entry.value}</Typography.Text> },
    { key: 'kind', title: t('kind'), render: (_, entry) => <Tag>{t(`kindName.${entry.kind}`)}</Tag> },
    { key: 'version', title: t('version'), render: (_, entry) => t(`versionName.${entry.version}`) },
    { key: 'remark', title: t('remark'), render: (_, entry) => orEmpty(entry.remark) },
    { key: 'updatedBy', title: t('updatedBy'), render: (_, entry) => orEmpty(entry.updatedBy) },
    { key: 'createdAt', title: t('createdAtIn', { zone }), render: (_, entry) => formatDateTime(entry.createdAt, zone) },
    { key: 'updatedAt', title: t('updatedAtIn', { zone }), render: (_, entry) => formatDateTime(entry.updatedAt, zone) },
    {
      key: 'actions',
      title: tc('actions'),
      render: (_, entry) => (
        <Space size={0}>
          <Can permission="setting:ip-trustlist:modify">
            <Button
              type="link"
              size="small"
              aria-label={t('editOf', { value: entry.value })}
              onClick={() => list.update(dialogPatch({ kind: 'edit', id: entry.id }), { keepPage: true })}
            >
              {tc('edit')}
            </Button>
          </Can>
          <Can permission="setting:ip-trustlist:remove">
            <Button
              type="link"
              size="small"
              danger
              aria-label={t('removeOf', { value: entry.value })}
              onClick={() =>
                confirm({
                  title: t('removeConfirm', { value: entry.value }),
                  content: listType === 'DASHBOARD' ? t('removeDashboardEffect') : undefined,
                  okText: tc('delete'),
                  danger: true,
                  onOk: () => remove.mutateAsync(entry.id),
                })
              }
            >
              {tc('delete')}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(`type.${listType}.name`)}
        back={IP_TRUSTLIST_PATH}
        extra={
          <Can permission="setting:ip-trustlist:create">
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={usage.data !== undefined && used >= IP_TRUSTLIST_MAX_ENTRIES}
              onClick={() => list.update(dialogPatch({ kind: 'add', id: null }), { keepPage: true })}
            >
              {t('add')}
            </Button>
          </Can>
        }
      />
      <Typography.Paragraph type="secondary">
        {t(`type.${listType}.description`)} {usage.data !== undefined && t('usedOf', { used, limit: IP_TRUSTLIST_MAX_ENTRIES })}
      </Typography.Paragraph>
      <IpFilterBar request={request} onSearch={(filters) => list.update(ipFilterParams(filters))} />
      <KeysetTable<IpTrustEntry> list={list} page={page} columns={columns} />
      <Can permission="setting:ip-trustlist:create">
        <AddEntriesModal listType={listType} open={dialog?.kind === 'add'} used={used} onClose={closeDialog} />
      </Can>
      <Can permission="setting:ip-trustlist:modify">
        <EditEntryModal key={editing?.id ?? 'none'} entry={editing} onClose={closeDialog} />
      </Can>
      {confirmHolder}
    </>
  );
}

/** `/setting/service-list/:type`: the entries of one trust list (`dashboard` or `api`); another type is a 404. */
export function ServiceListPage() {
  const { type = '' } = useParams();
  const listType = ipTrustlistTypeOfSegment(type);
  if (!listType) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <EntryList key={listType} listType={listType} />;
}
