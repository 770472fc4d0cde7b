import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { ProfileProgress } from '../../components/profile-progress';
import { usePageMeta } from '../../lib/page-meta';
import { profileQuery } from '../../lib/profile/profile-query';

export type HomeSection = 'overview';

/**
 * The customer home. Until the profile is approved it leads with the profile's progress (what is done,
 * waiting, rejected, and what to do next); the portfolio overview arrives with the investment features.
 */
export function HomePage({ section }: { section: HomeSection }) {
  const { t } = useTranslation('home');
  usePageMeta(t(`sections.${section}.title`));
  const profile = useQuery(profileQuery);
  const progress = profile.data?.progress;
  return (
    <Stack gap={0} maw={760} data-testid={`home-${section}`}>
      <PageHeading title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />
      {progress && !progress.approved && (
        <ProfileProgress
          steps={progress.steps}
          nextStep={progress.next_step}
          stepPath={(step) => `/customer/profile/${step}/`}
          compact
          testId="home-progress"
        />
      )}
    </Stack>
  );
}
