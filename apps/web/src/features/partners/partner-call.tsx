// The partner page's calls to action. A visitor signs up with the partner as referral (or logs in); a
// signed-in customer goes straight to registering their stock plan with the partner already picked; anyone
// else signed in is sent to finish their profile first. Signed-in is known from the session cookie, on the
// server as in the browser (as the navbar's avatar-or-login), so the server's page and the app agree; the
// profile arrives with the app.
import { hasAnyProfile, type Profile } from '@lombard/shared/permissions';
import type { PublicPartner } from '@lombard/shared/schemas/partners';
import { Button, Group } from '@mantine/core';
import { IconFileCertificate, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/session/session-queries';
import { useSignedIn } from '../../lib/session/token-store';
import { registerWithPartner } from './api';

const BORROWERS: readonly Profile[] = ['customer', 'admin'];

/** The stock-plan registration of `loan/`, opened with the partner picked. */
export const stockPlanWithPartner = (slug: string) => `/customer/loan/?partner=${encodeURIComponent(slug)}`;

const LOOK = { size: 'lg', color: 'yellow.4', c: '#0a2350' } as const;

function SignedInCall({ partner }: { partner: PublicPartner }) {
  const { t } = useTranslation('partners');
  const { data: user } = useCurrentUser();
  // Until the profile arrives the likeliest reader is a customer: the page was made for them.
  if (user && !hasAnyProfile(user, BORROWERS)) {
    return (
      <Button
        {...LOOK}
        component={Link}
        to="/customer/profile/"
        leftSection={<IconUserCheck size={20} aria-hidden />}
        data-testid="partner-profile"
      >
        {t('hero.completeProfile')}
      </Button>
    );
  }
  return (
    <Button
      {...LOOK}
      component={Link}
      to={stockPlanWithPartner(partner.slug)}
      leftSection={<IconFileCertificate size={20} aria-hidden />}
      data-testid="partner-stock-plan"
    >
      {t('hero.stockPlan', { name: partner.name })}
    </Button>
  );
}

export function PartnerCall({ partner }: { partner: PublicPartner }) {
  const { t } = useTranslation('partners');
  const signedIn = useSignedIn();
  return (
    <Group gap="sm">
      {signedIn ? (
        <SignedInCall partner={partner} />
      ) : (
        <>
          <Button
            {...LOOK}
            component={Link}
            to={registerWithPartner(partner.slug)}
            leftSection={<IconUserPlus size={20} aria-hidden />}
            data-testid="partner-register"
          >
            {t('hero.register', { name: partner.name })}
          </Button>
          <Button size="lg" variant="white" color="navy" component={Link} to="/auth/login/">
            {t('hero.login')}
          </Button>
        </>
      )}
    </Group>
  );
}
