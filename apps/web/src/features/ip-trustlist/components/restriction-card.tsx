import { IP_RESTRICTION_MAX_USERS } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { IP_RESTRICTION_MODES, type IpRestrictionMode } from '@andes/contract/ip-trustlist/enums';
import type { IpRestriction, RestrictedUser } from '@andes/contract/ip-trustlist/schemas';
import { Alert, Button, Card, Descriptions, Flex, Radio, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useIpRestriction, useIpRestrictionUpdate, useUserOptions } from '../api/use-ip-trustlist.ts';

/** Users to choose from: who is chosen now, plus the matches of the search. */
function UserPicker({ value, onChange, initial }: { value: number[]; onChange(ids: number[]): void; initial: readonly RestrictedUser[] }) {
  const { t } = useTranslation('ip');
  const canSearch = usePermission('iam:user');
  const [search, setSearch] = useState('');
  const options = useUserOptions(search, canSearch);
  const choices = useMemo(() => {
    const byId = new Map<number, string>(initial.map((u) => [u.id, `${u.displayName} (${u.username})`]));
    for (const u of options.data?.list ?? []) byId.set(u.id, `${u.displayName} (${u.username})`);
    return [...byId].map(([id, label]) => ({ value: id, label }));
  }, [initial, options.data]);
  return (
    <Flex vertical gap={4}>
      <Select<number[]>
        mode="multiple"
        aria-label={t('restriction.users')}
        value={value}
        onChange={onChange}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={options.isFetching}
        options={choices}
        maxCount={IP_RESTRICTION_MAX_USERS}
        placeholder={t('restriction.usersPlaceholder')}
        style={{ width: '100%' }}
      />
      {!canSearch && <Typography.Text type="secondary">{t('restriction.noUserSearch')}</Typography.Text>}
    </Flex>
  );
}

function RestrictionForm({ restriction }: { restriction: IpRestriction }) {
  const { t } = useTranslation('ip');
  const { t: tc } = useTranslation('common');
  const update = useIpRestrictionUpdate();
  const [mode, setMode] = useState<IpRestrictionMode>(restriction.mode);
  const [userIds, setUserIds] = useState<number[]>(restriction.users.map((u) => u.id));
  const [error, setError] = useState<string | null>(null);
  const usersMissing = mode === 'SELECTED_USERS' && userIds.length === 0;

  const save = () => {
    setError(null);
    update.mutate(
      { mode, userIds: mode === 'SELECTED_USERS' ? userIds : [] },
      {
        onSuccess: () => notify.success(t('restriction.saved')),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Radio.Group
        aria-label={t('restriction.mode')}
        value={mode}
        onChange={(event) => {
          setMode(event.target.value as IpRestrictionMode);
          setError(null);
        }}
      >
        <Flex vertical gap={4}>
          {IP_RESTRICTION_MODES.map((m) => (
            <Radio key={m} value={m}>
              {t(`restriction.modeName.${m}`)}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      {mode === 'SELECTED_USERS' && <UserPicker value={userIds} onChange={setUserIds} initial={restriction.users} />}
      {usersMissing && <Typography.Text type="danger">{t('restriction.usersRequired')}</Typography.Text>}
      {mode !== 'OFF' && !restriction.clientIpTrusted && (
        <Alert type="warning" showIcon title={t('restriction.lockoutWarning', { ip: restriction.clientIp })} />
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Flex justify="flex-end">
        <Button type="primary" loading={update.isPending} disabled={usersMissing} onClick={save}>
          {tc('save')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * "Dashboard access only from trusted addresses": the caller's address and whether the dashboard
 * list trusts it, the current mode, and — with `setting:ip-trustlist:restriction` — the switch
 * (off, all users, selected users).
 */
export function RestrictionCard() {
  const { t } = useTranslation('ip');
  const zone = useDisplayTimeZone();
  const canEdit = usePermission('setting:ip-trustlist:restriction');
  const query = useIpRestriction(true);
  const restriction = query.data;

  return (
    <Card title={t('restriction.title')}>
      <QueryStatus query={query} padding={24} />
      {restriction && (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('restriction.intro')}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'clientIp',
                label: t('restriction.yourAddress'),
                children: (
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text code>{restriction.clientIp}</Typography.Text>
                    <StatusTag color={restriction.clientIpTrusted ? 'success' : 'warning'}>
                      {restriction.clientIpTrusted ? t('restriction.trusted') : t('restriction.notTrusted')}
                    </StatusTag>
                  </Flex>
                ),
              },
              { key: 'entries', label: t('restriction.dashboardEntries'), children: String(restriction.dashboardEntryCount) },
              {
                key: 'mode',
                label: t('restriction.current'),
                children: (
                  <StatusTag color={restriction.mode === 'OFF' ? 'default' : 'processing'}>
                    {t(`restriction.modeName.${restriction.mode}`)}
                  </StatusTag>
                ),
              },
              ...(restriction.mode === 'SELECTED_USERS'
                ? [{ key: 'users', label: t('restriction.users'), children: restriction.users.map((u) => u.username).join(', ') }]
                : []),
              ...(restriction.updatedAt
                ? [
                    {
                      key: 'updated',
                      label: t('restriction.updated'),
                      children: `${formatDateTime(restriction.updatedAt, zone, { withZone: true })} · ${restriction.updatedBy ?? ''}`,
                    },
                  ]
                : []),
            ]}
          />
          {canEdit && <RestrictionForm key={`${restriction.mode}:${restriction.updatedAt ?? ''}`} restriction={restriction} />}
        </Flex>
      )}
    </Card>
  );
}
