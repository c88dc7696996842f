import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_EVENTS_BY_CATEGORY,
  ACTIVITY_OUTCOME_COLORS,
  ACTIVITY_OUTCOMES,
} from '@andes/contract/activity/enums';
import type { ActivityEntry } from '@andes/contract/activity/schemas';
import { ACTIVITY_EXPORT_MAX_DAYS, EMPTY_PLACEHOLDER, SEARCH_TEXT_MAX_LENGTH } from '@andes/contract/common/constants';
import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { orEmpty } from '@andes/contract/common/format';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { useListUrl } from '../../../shared/list/use-list-url.ts';
import { saveFile } from '../../../shared/ui/download.ts';
import { FilterActions } from '../../../shared/ui/filter-actions.tsx';
import { FilterForm } from '../../../shared/ui/filter-form.tsx';
import { KeysetTable } from '../../../shared/ui/keyset-table.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { ZonedDateRangePicker } from '../../../shared/ui/zoned-date-range-picker.tsx';
import {
  type ActivityFilters,
  activityExportRequestOf,
  activityFilterParams,
  activityFiltersOf,
  activityPageRequestOf,
  isExportableRange,
} from '../activity-url.ts';
import { useActivityExport, useActivityPage } from '../api/use-activity.ts';

function ActivityFilterBar({
  filters,
  timeZone,
  onSearch,
}: {
  filters: ActivityFilters;
  timeZone: string;
  onSearch(filters: ActivityFilters): void;
}) {
  const { t } = useTranslation('activity');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<ActivityFilters>();
  useEffect(() => {
    form.setFieldsValue(filters);
  }, [form, filters]);
  const eventOptions = useMemo(
    () =>
      ACTIVITY_CATEGORIES.map((category) => ({
        label: t(`category.${category}`),
        title: t(`category.${category}`),
        options: ACTIVITY_EVENTS_BY_CATEGORY[category].map((event) => ({ value: event, label: t(`event.${event}`) })),
      })),
    [t],
  );
  return (
    <FilterForm<ActivityFilters> form={form} name="activity-filters" onFinish={onSearch} initialValues={filters} label={t('filters')}>
      <Form.Item name="range" label={t('dates', { zone: timeZone })}>
        <RangeField timeZone={timeZone} label={t('dates', { zone: timeZone })} />
      </Form.Item>
      <Form.Item name="actor" label={t('actor')}>
        <Input allowClear maxLength={SEARCH_TEXT_MAX_LENGTH} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="events" label={t('events')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={tc('all')}
          style={{ width: 280 }}
          options={eventOptions}
        />
      </Form.Item>
      <Form.Item name="outcome" label={t('outcome')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 130 }}
          options={ACTIVITY_OUTCOMES.map((o) => ({ value: o, label: t(`outcomeName.${o}`) }))}
        />
      </Form.Item>
      <FilterActions clearFields={false} onReset={() => onSearch(activityFiltersOf(new URLSearchParams(), timeZone))} />
    </FilterForm>
  );
}

/** The date range as a form field (Form.Item passes value and onChange). */
function RangeField({
  value,
  onChange,
  timeZone,
  label,
}: {
  value?: ActivityFilters['range'];
  onChange?: (range: ActivityFilters['range']) => void;
  timeZone: string;
  label: string;
}) {
  if (!value) return null;
  return <ZonedDateRangePicker timeZone={timeZone} value={value} onChange={(range) => onChange?.(range)} label={label} />;
}

/** An entry's details, shown when its row is expanded. */
function EntryDetails({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation('activity');
  const items = [
    ...(entry.objectType ? [{ key: 'objectType', label: t('objectType'), children: t(`objectTypeName.${entry.objectType}`) }] : []),
    ...(entry.objectId ? [{ key: 'objectId', label: t('objectId'), children: entry.objectId }] : []),
    ...Object.keys(entry.details)
      .sort()
      .map((key) => ({ key: `detail:${key}`, label: key, children: entry.details[key] ?? EMPTY_PLACEHOLDER })),
  ];
  return <Descriptions size="small" column={1} bordered items={items} />;
}

/**
 * `/access/activity`: the activity log — who did what, when, from where, on which object, with
 * which outcome (issue 3). Dates are calendar dates in the selected country's zone (spec §5 rules);
 * times are shown in that zone and say so. "Export CSV" downloads the filtered log.
 */
export function ActivityPage() {
  const { t } = useTranslation('activity');
  const timeZone = useDisplayTimeZone();
  const list = useListUrl();
  const filters = useMemo(() => activityFiltersOf(list.params, timeZone), [list.params, timeZone]);
  const request = activityPageRequestOf(filters, timeZone, list.params, list.position);
  const page = useActivityPage(request);
  const exporter = useActivityExport();
  const zoneLabel = `${timeZone}, ${utcOffsetLabel(timeZone)}`;

  const exportCsv = () => {
    if (!isExportableRange(filters.range)) {
      notify.error(t('exportTooLong', { max: ACTIVITY_EXPORT_MAX_DAYS }));
      return;
    }
    exporter.mutate(activityExportRequestOf(filters, timeZone), {
      onSuccess: (file) => {
        saveFile(file, `activity-${filters.range.from}-${filters.range.to}.csv`);
        notify.success(t('exported'));
      },
    });
  };

  const columns: TableColumnsType<ActivityEntry> = [
    {
      key: 'time',
      title: t('timeIn', { zone: zoneLabel }),
      render: (_, entry) => <time dateTime={entry.time}>{formatDateTime(entry.time, timeZone)}</time>,
    },
    { key: 'actor', title: t('actor'), render: (_, entry) => orEmpty(entry.actorUsername) },
    { key: 'event', title: t('event'), render: (_, entry) => t(`event.${entry.event}`) },
    {
      key: 'outcome',
      title: t('outcome'),
      render: (_, entry) => <StatusTag color={ACTIVITY_OUTCOME_COLORS[entry.outcome]}>{t(`outcomeName.${entry.outcome}`)}</StatusTag>,
    },
    {
      key: 'object',
      title: t('object'),
      render: (_, entry) =>
        entry.objectType
          ? `${t(`objectTypeName.${entry.objectType}`)}: ${orEmpty(entry.objectLabel ?? entry.objectId)}`
          : EMPTY_PLACEHOLDER,
    },
    { key: 'ip', title: t('ip'), render: (_, entry) => orEmpty(entry.ip) },
    {
      key: 'userAgent',
      title: t('userAgent'),
      render: (_, entry) =>
        entry.userAgent ? (
          <Typography.Text ellipsis={{ tooltip: entry.userAgent }} style={{ maxWidth: 220 }}>
            {entry.userAgent}
          </Typography.Text>
        ) : (
          EMPTY_PLACEHOLDER
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          <Can permission="iam:activity:export">
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.isPending} onClick={exportCsv}>
              {exporter.isPending ? t('exporting') : t('export')}
            </Button>
          </Can>
        }
      />
      <ActivityFilterBar filters={filters} timeZone={timeZone} onSearch={(next) => list.update(activityFilterParams(next))} />
      {!isExportableRange(filters.range) && (
        <Can permission="iam:activity:export">
          <Alert type="info" showIcon title={t('exportTooLong', { max: ACTIVITY_EXPORT_MAX_DAYS })} style={{ marginBottom: 16 }} />
        </Can>
      )}
      <KeysetTable<ActivityEntry>
        list={list}
        page={page}
        columns={columns}
        expandable={{
          rowExpandable: (entry) => entry.objectId !== null || Object.keys(entry.details).length > 0,
          expandedRowRender: (entry) => <EntryDetails entry={entry} />,
        }}
      />
    </>
  );
}
