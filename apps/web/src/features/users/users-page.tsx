import { ActionIcon, Box, Button, Group, Menu, Stack } from '@mantine/core';
import { IconDots, IconLockOpen, IconMailForward, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USERS_API, USERS_PAGE } from '../../lib/backoffice/paths';
import { usePageMeta } from '../../lib/page-meta';
import { BulkBar } from '../../lib/resource/bulk-bar';
import { ConfirmDialog } from '../../lib/resource/confirm-dialog';
import { exportXlsxAction } from '../../lib/resource/export-action';
import { FilterPanel, SearchFilter, SelectFilter } from '../../lib/resource/filters';
import { type Column, ResourceTable } from '../../lib/resource/resource-table';
import { TruncatedText } from '../../lib/resource/truncated-text';
import { useDetailRoute } from '../../lib/resource/use-detail-route';
import { useResourceList } from '../../lib/resource/use-resource-list';
import { useSelection } from '../../lib/resource/use-selection';
import { PROFILE_OPTIONS, type UserRow } from './api';
import { useUserActions } from './user-actions';
import { LockBadge, ProfileBadges, StatusBadge } from './user-badges';
import { UserDrawer } from './user-drawer';

export function UsersPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.users'));
  const list = useResourceList<UserRow>(USERS_API, { defaultOrder: '-created_at' });
  const selection = useSelection(JSON.stringify(list.state.filters));
  const actions = useUserActions();
  const detail = useDetailRoute(USERS_PAGE);
  const [blocking, setBlocking] = useState<UserRow[] | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const hasFilters = Object.keys(list.state.filters).length > 0;

  const yesNo = [
    { value: 'True', label: t('yes') },
    { value: 'False', label: t('no') },
  ];

  const selectedRows = () => list.rows.filter((row) => selection.isSelected(row.id));
  const setStatusOf = async (rows: Array<Pick<UserRow, 'id'>>, enabled: boolean) => {
    setBulkBusy(true);
    try {
      for (const row of rows) await (enabled ? actions.unblock(row) : actions.block(row));
    } finally {
      setBulkBusy(false);
    }
  };

  const columns: Column<UserRow>[] = [
    {
      key: 'email',
      header: t('users.columns.user'),
      sortField: 'email',
      primary: true,
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.full_name || row.email} display="block" />
          {row.full_name && <TruncatedText text={row.email} display="block" size="xs" c="dimmed" fw={400} />}
        </Box>
      ),
    },
    {
      key: 'profiles',
      header: t('users.columns.profiles'),
      render: (row) => <ProfileBadges profiles={row.profiles} />,
    },
    {
      key: 'status',
      header: t('users.columns.status'),
      sortField: 'status',
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <StatusBadge user={row} />
          <LockBadge locked={row.is_locked} compact />
        </Group>
      ),
    },
    { key: 'last_login_at', header: t('users.columns.lastLogin'), type: 'datetime', sortField: 'last_login_at' },
    {
      key: 'created_at',
      header: t('users.columns.createdAt'),
      type: 'date',
      sortField: 'created_at',
      hideOnPhone: true,
    },
  ];

  return (
    <Stack gap="md" data-testid="users-page">
      <FilterPanel active={Object.keys(list.state.filters).length}>
        <SearchFilter list={list} placeholder={t('users.searchPlaceholder')} />
        <SelectFilter
          list={list}
          field="profile"
          label={t('users.filters.profile')}
          data={PROFILE_OPTIONS.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
        />
        <SelectFilter
          list={list}
          field="status"
          label={t('users.filters.status')}
          data={[
            { value: '1', label: t('users.status.active') },
            { value: '0', label: t('users.status.blocked') },
          ]}
        />
        <SelectFilter list={list} field="is_locked" label={t('users.filters.locked')} data={yesNo} />
        <SelectFilter list={list} field="is_active" label={t('users.filters.activated')} data={yesNo} />
        {hasFilters && (
          <Button variant="subtle" onClick={list.resetFilters} data-testid="reset-filters">
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>

      <BulkBar
        list={list}
        selection={selection}
        actions={[
          exportXlsxAction(t('exportXlsx'), actions.exportXlsx, list, selection),
          {
            key: 'enable',
            label: t('users.actions.unblock'),
            icon: <IconUserCheck size={16} aria-hidden />,
            explicitOnly: true,
            loading: bulkBusy,
            onClick: () => void setStatusOf(selectedRows(), true).then(selection.clear),
          },
          {
            key: 'disable',
            label: t('users.actions.block'),
            icon: <IconUserOff size={16} aria-hidden />,
            color: 'red',
            explicitOnly: true,
            loading: bulkBusy,
            onClick: () => setBlocking(selectedRows()),
          },
        ]}
      />

      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.users')}
        selection={selection}
        onOpen={(row) => detail.open(row.id)}
        empty={hasFilters ? t('noMatch') : undefined}
        minWidth={860}
        testId="users-table"
        rowActions={(row) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('users.actions.more', { email: row.email })}
                data-testid="row-menu"
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {row.status === 1 ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconUserOff size={16} aria-hidden />}
                  onClick={() => setBlocking([row])}
                  data-testid="row-block"
                >
                  {t('users.actions.block')}
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconUserCheck size={16} aria-hidden />}
                  onClick={() => void actions.unblock(row)}
                  data-testid="row-unblock"
                >
                  {t('users.actions.unblock')}
                </Menu.Item>
              )}
              {row.is_locked && (
                <Menu.Item
                  leftSection={<IconLockOpen size={16} aria-hidden />}
                  onClick={() => void actions.unlock(row)}
                >
                  {t('users.actions.unlock')}
                </Menu.Item>
              )}
              {!row.is_active && (
                <Menu.Item
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  onClick={() => void actions.resendActivation(row)}
                >
                  {t('users.actions.resendActivation')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      />

      <UserDrawer id={detail.id} onClose={detail.close} onBlock={(user) => setBlocking([user])} />

      <ConfirmDialog
        opened={blocking !== null}
        title={t('users.blockConfirm.title')}
        message={
          blocking?.length === 1
            ? t('users.blockConfirm.one', { email: blocking[0]?.email })
            : t('users.blockConfirm.many', { count: blocking?.length ?? 0 })
        }
        confirmLabel={t('users.actions.block')}
        danger
        loading={bulkBusy || actions.setStatus.isPending}
        onCancel={() => setBlocking(null)}
        onConfirm={() => {
          const rows = blocking ?? [];
          return setStatusOf(rows, false).finally(() => {
            setBlocking(null);
            if (rows.length > 1) selection.clear();
          });
        }}
      />
    </Stack>
  );
}
