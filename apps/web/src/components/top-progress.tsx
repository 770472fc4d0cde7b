// The global loading indicator: a thin bar at the top of the window while queries or mutations run
// (or a route module downloads). It appears only after SHOW_DELAY_MS, so quick calls do not flicker,
// creeps towards the end while busy and completes when everything has settled.
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SHOW_DELAY_MS = 200;
const TRICKLE_MS = 300;
const FINISH_MS = 400;

interface Props {
  /** Extra activity outside TanStack Query, e.g. a route navigation in progress. */
  busy?: boolean;
}

type Phase = 'hidden' | 'running' | 'finishing';

export function TopProgress({ busy = false }: Props) {
  const { t } = useTranslation('common');
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const active = busy || fetching > 0 || mutating > 0;
  const [phase, setPhase] = useState<Phase>('hidden');
  const [value, setValue] = useState(0);
  const phaseRef = useRef<Phase>('hidden');
  phaseRef.current = phase;

  useEffect(() => {
    if (active) {
      if (phaseRef.current === 'running') return;
      const timer = setTimeout(() => {
        setValue(10);
        setPhase('running');
      }, SHOW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (phaseRef.current !== 'running') return;
    setValue(100);
    setPhase('finishing');
  }, [active]);

  useEffect(() => {
    if (phase !== 'finishing') return;
    const timer = setTimeout(() => {
      setPhase('hidden');
      setValue(0);
    }, FINISH_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // While running, close a tenth of the remaining gap at every tick: always moving, never done.
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setInterval(() => setValue((current) => current + (90 - current) * 0.1), TRICKLE_MS);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'running') document.body.setAttribute('aria-busy', 'true');
    else document.body.removeAttribute('aria-busy');
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-testid="top-progress"
      data-phase={phase}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 1000, pointerEvents: 'none' }}
    >
      <div
        style={{
          height: '100%',
          width: `${value}%`,
          background: 'var(--mantine-primary-color-filled)',
          boxShadow: '0 0 8px var(--mantine-primary-color-filled)',
          opacity: phase === 'finishing' ? 0 : 1,
          transition: `width ${TRICKLE_MS}ms ease-out, opacity ${FINISH_MS}ms ease ${FINISH_MS / 2}ms`,
        }}
      />
    </div>
  );
}
