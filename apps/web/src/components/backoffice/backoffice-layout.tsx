// The back-office area (profile admin): its own menu — users, KYC reviews, the money desk (orders, incoming
// transfers, withdrawals, advances, stock plans, arrears, ledger), audit log, notifications, statements,
// account closures — above the page.
// Each section is a link to its own address (a new tab, a bookmark, a reload open that section), not a tab.
import { Group, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBell,
  IconBuildingBank,
  IconCashBanknote,
  IconChartLine,
  IconCoins,
  IconFileCertificate,
  IconFileText,
  IconHistory,
  IconIdBadge2,
  IconMessage2,
  IconScale,
  IconSettings,
  IconUsers,
  IconUserX,
} from '@tabler/icons-react';
import { Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import {
  ADVANCE_WATCH_PAGE,
  ADVANCES_PAGE,
  AUDIT_PAGE,
  CLOSURES_PAGE,
  KYC_PAGE,
  LEDGER_PAGE,
  MESSAGES_PAGE,
  NOTIFICATIONS_PAGE,
  ORDERS_PAGE,
  PRODUCTS_PAGE,
  SETTINGS_PAGE,
  STATEMENTS_PAGE,
  STOCK_PLANS_PAGE,
  TRANSFERS_PAGE,
  USERS_PAGE,
  WITHDRAWALS_PAGE,
} from '../../lib/backoffice/paths';
import { PageLoader } from '../page-loader';
import classes from './backoffice-nav.module.css';

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
  { path: MESSAGES_PAGE, key: 'messages', icon: IconMessage2 },
  { path: STATEMENTS_PAGE, key: 'statements', icon: IconFileText },
  { path: CLOSURES_PAGE, key: 'closures', icon: IconUserX },
  { path: SETTINGS_PAGE, key: 'settings', icon: IconSettings },
] as const;

export function BackofficeLayout() {
  const { t } = useTranslation('backoffice');
  const { pathname } = useLocation();
  const active = SECTIONS.find((s) => pathname.startsWith(s.path)) ?? SECTIONS[0];
  const nav = useRef<HTMLElement>(null);
  // On a phone most sections are off to the side: the one opened (by a link, a bookmark) is brought into
  // view, by scrolling the row itself (scrollIntoView would scroll the page too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: again whenever another section opens
  useLayoutEffect(() => {
    const row = nav.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link) return;
    const outside =
      link.offsetLeft < row.scrollLeft || link.offsetLeft + link.offsetWidth > row.scrollLeft + row.clientWidth;
    if (outside) row.scrollLeft = link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [active.path]);

  return (
    <Stack gap="lg" data-testid="backoffice">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {t('area')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(`sections.${active.key}`)}
          </Title>
        </div>
      </Group>
      <nav ref={nav} aria-label={t('menu')} className={classes.nav} data-testid="backoffice-sections">
        <ul className={classes.list}>
          {SECTIONS.map(({ path, key, icon: Icon }) => (
            <li key={path}>
              {/* NavLink marks the section shown (its detail pages too) with aria-current="page". */}
              <NavLink to={path} className={classes.link} data-testid={`backoffice-section-${key}`}>
                <Icon size={16} aria-hidden className={classes.icon} />
                {t(`sections.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
