// The strength meter of the password forms (register, change password, reset). It applies the shared
// policy (packages/shared/src/password-strength.ts), so what it calls too weak is exactly what the server
// refuses. The estimator's dictionaries weigh megabytes: they are fetched only when a form with a meter
// mounts (never on other pages, never during server rendering).
import {
  judgePassword,
  loadPasswordEstimator,
  type PasswordContext,
  type PasswordVerdict,
} from '@lombard/shared/password-strength';
import { PASSWORD_MIN_LENGTH } from '@lombard/shared/schemas/auth';
import { Progress, Stack, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Estimator = Awaited<ReturnType<typeof loadPasswordEstimator>>;

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;
const LABELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

/**
 * The verdict on a password as the person types it; null while the estimator loads, for an empty or
 * too-short password (the length message says enough then), or if the dictionaries could not be loaded
 * (the server still judges).
 */
export function usePasswordVerdict(password: string, context: PasswordContext): PasswordVerdict | null {
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  useEffect(() => {
    let alive = true;
    loadPasswordEstimator()
      .then((loaded) => alive && setEstimator(() => loaded))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  const typed = useDeferredValue(password);
  const { email, firstName, lastName } = context;
  return useMemo(() => {
    if (!estimator || typed.length < PASSWORD_MIN_LENGTH) return null;
    return judgePassword(estimator, typed, { email, firstName, lastName });
  }, [estimator, typed, email, firstName, lastName]);
}

export function PasswordStrengthMeter({ verdict, testId }: { verdict: PasswordVerdict | null; testId: string }) {
  const { t } = useTranslation('password');
  const label = verdict ? t(`strength.${LABELS[verdict.score]}`) : '';
  return (
    <Stack gap={4} data-testid={testId} data-score={verdict?.score ?? ''} aria-live="polite">
      {/* The progressbar is the section (the root has no role, so it may not carry aria-valuetext);
          Mantine's own aria on it would read "40%" instead of the strength. */}
      <Progress.Root size="sm">
        <Progress.Section
          value={verdict ? ((verdict.score + 1) / 5) * 100 : 0}
          color={verdict ? COLORS[verdict.score] : 'gray'}
          withAria={false}
          role="progressbar"
          aria-label={t('meterLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={verdict ? ((verdict.score + 1) / 5) * 100 : 0}
          aria-valuetext={label || t('notRated')}
        />
      </Progress.Root>
      {verdict && (
        <Text size="xs" c={verdict.acceptable ? 'dimmed' : 'red.8'}>
          {t('strength.label', { strength: label })}
          {verdict.acceptable ? '' : ` — ${t('tooWeak')}`}
        </Text>
      )}
    </Stack>
  );
}
