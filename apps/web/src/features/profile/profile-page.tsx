// /customer/profile/ — the profile's tabs (every step, plus the referral code) beside the progress panel
// and the account card. `profile/<tab>/` and `?defaultTab=<tab>` open a tab; on a phone the tabs become
// a select, on a larger screen a vertical list with each step's status as an icon.
import type { ProfileStep } from '@lombard/shared/profile-steps';
import type { StepStatus } from '@lombard/shared/schemas/profile-views';
import { Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { ProfileProgress, StepStatusIcon } from '../../components/profile-progress';
import { usePageMeta } from '../../lib/page-meta';
import { profileQuery } from '../../lib/profile/profile-query';
import { AccountCard } from './account-card';
import { AddressesTab } from './addresses-tab';
import { BankAccountTab } from './bank-account-tab';
import { CitizenshipTab } from './citizenship-tab';
import { IdentityTab } from './identity-tab';
import { KycTab } from './kyc-tab';
import { MifidTab } from './mifid-tab';
import { OccupationTab } from './occupation-tab';
import { PhoneTab } from './phone-tab';
import classes from './profile-page.module.css';
import { ReferralTab } from './referral-tab';
import { TabCard } from './tab-card';
import { DEFAULT_TAB_PARAM, PROFILE_TABS, type ProfileTab, tabFromSearch, tabPath } from './tabs';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageMeta(t('title'));
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params);
  const profile = useQuery(profileQuery);
  const statuses = new Map(profile.data?.progress.steps.map((s) => [s.step, s] as const));
  const statusOf = (step: ProfileTab): StepStatus | undefined =>
    step === 'referral' ? undefined : statuses.get(step)?.status;

  const open = (next: string | null) => {
    if (!next || next === tab) return;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(DEFAULT_TAB_PARAM, next);
        return copy;
      },
      { replace: true },
    );
  };

  const content = (which: ProfileTab): ReactNode => {
    const data = profile.data;
    if (!data) return <Skeleton h={320} radius="lg" />;
    switch (which) {
      case 'citizenship':
        return <CitizenshipTab saved={data.citizenship} />;
      case 'identity':
        return <IdentityTab saved={data.identity} />;
      case 'addresses':
        return <AddressesTab saved={data.addresses} />;
      case 'phone-number':
        return <PhoneTab saved={data.phone} />;
      case 'kyc':
        return <KycTab />;
      case 'occupation':
        return <OccupationTab saved={data.occupation} />;
      case 'bank-account':
        return <BankAccountTab saved={data.bank_account} />;
      case 'mifid':
        return <MifidTab />;
      case 'referral':
        return <ReferralTab />;
    }
  };

  const progress = profile.data ? (
    <ProfileProgress
      steps={profile.data.progress.steps}
      nextStep={profile.data.progress.next_step}
      stepPath={(step: ProfileStep) => tabPath(step)}
      compact
    />
  ) : (
    <Skeleton h={200} radius="lg" />
  );

  return (
    <Stack gap={0} data-testid="profile-page">
      <PageHeading title={t('title')} description={t('subtitle')} />
      <div className={classes.layout}>
        <div className={classes.progress}>{progress}</div>
        <div className={classes.tabs}>
          <Select
            hiddenFrom="md"
            label={t('section')}
            data={PROFILE_TABS.map((value) => ({
              value,
              label: statusOf(value)
                ? `${t(`steps.${value}.title`)} · ${t(`progress.status.${statusOf(value)}`)}`
                : t(`steps.${value}.title`),
            }))}
            value={tab}
            onChange={open}
            allowDeselect={false}
            mb="md"
            data-testid="profile-tab-select"
          />
          <Tabs
            value={tab}
            onChange={open}
            orientation="vertical"
            variant="pills"
            radius="md"
            keepMounted={false}
            classNames={{ tab: classes.tab, tabLabel: classes.tabLabel }}
          >
            <Tabs.List visibleFrom="md" w={230} mr="lg" aria-label={t('section')}>
              {PROFILE_TABS.map((value) => {
                const status = statusOf(value);
                return (
                  <Tabs.Tab
                    key={value}
                    value={value}
                    rightSection={status ? <StepStatusIcon status={status} size={20} /> : undefined}
                    data-testid={`profile-tab-button-${value}`}
                  >
                    {t(`steps.${value}.title`)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {PROFILE_TABS.map((value) => (
              <Tabs.Panel key={value} value={value} style={{ minWidth: 0 }}>
                <TabCard
                  tab={value}
                  title={t(`steps.${value}.title`)}
                  description={t(`steps.${value}.description`)}
                  status={statusOf(value)}
                  reason={value === 'referral' ? null : statuses.get(value)?.reason}
                >
                  {content(value)}
                </TabCard>
              </Tabs.Panel>
            ))}
          </Tabs>
        </div>
        <div className={classes.account}>
          <AccountCard />
        </div>
      </div>
    </Stack>
  );
}
