// The back-office area (profile admin): its own menu — users, KYC reviews, the money desk (orders, incoming
// transfers, withdrawals, advances, stock plans, arrears, ledger), audit log, notifications — above the page.
import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBell,
  IconBuildingBank,
  IconCashBanknote,
  IconChartLine,
  IconCoins,
  IconFileCertificate,
  IconHistory,
  IconIdBadge2,
  IconScale,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  ADVANCE_WATCH_PAGE,
  ADVANCES_PAGE,
  AUDIT_PAGE,
  KYC_PAGE,
  LEDGER_PAGE,
  NOTIFICATIONS_PAGE,
  ORDERS_PAGE,
  PRODUCTS_PAGE,
  STOCK_PLANS_PAGE,
  TRANSFERS_PAGE,
  USERS_PAGE,
  WITHDRAWALS_PAGE,
} from '../../lib/backoffice/paths';
import { PageLoader } from '../page-loader';

const SECTIONS = [
  { path: USERS_PAGE, key: 'users', icon: IconUsers },
  { path: KYC_PAGE, key: 'kycReviews', icon: IconIdBadge2 },
  { path: PRODUCTS_PAGE, key: 'products', icon: IconChartLine },
  { path: ORDERS_PAGE, key: 'orders', icon: IconArrowsExchange },
  { path: TRANSFERS_PAGE, key: 'transfers', icon: IconBuildingBank },
  { path: WITHDRAWALS_PAGE, key: 'withdrawals', icon: IconCashBanknote },
  { path: ADVANCES_PAGE, key: 'advances', icon: IconCoins },
  { path: STOCK_PLANS_PAGE, key: 'stockPlans', icon: IconFileCertificate },
  { path: ADVANCE_WATCH_PAGE, key: 'advanceWatch', icon: IconAlertTriangle },
  { path: LEDGER_PAGE, key: 'ledger', icon: IconScale },
  { path: AUDIT_PAGE, key: 'auditLog', icon: IconHistory },
  { path: NOTIFICATIONS_PAGE, key: 'notifications', icon: IconBell },
] as const;

export function BackofficeLayout() {
  const { t } = useTranslation('backoffice');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = SECTIONS.find((s) => pathname.startsWith(s.path))?.path ?? USERS_PAGE;
  return (
    <Stack gap="lg" data-testid="backoffice">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {t('area')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(`sections.${SECTIONS.find((s) => s.path === active)?.key ?? 'users'}`)}
          </Title>
        </div>
      </Group>
      <Tabs
        value={active}
        onChange={(value) => value && value !== active && void navigate(value)}
        variant="outline"
        aria-label={t('menu')}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {SECTIONS.map(({ path, key, icon: Icon }) => (
            <Tabs.Tab
              key={path}
              value={path}
              leftSection={<Icon size={16} aria-hidden />}
              data-testid={`backoffice-tab-${key}`}
            >
              {t(`sections.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
