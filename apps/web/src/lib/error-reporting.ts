// Browser error reporting (@sentry/react): started only when the global configuration has
// a DSN AND the visitor accepted analytics cookies. The SDK is loaded with a dynamic import(), so a
// deployment without a DSN never downloads it and the initial bundle stays small.
import type { GlobalConfig } from '@lombard/shared/schemas/config';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasConsent, subscribeConsent, useConsent } from './consent';
import { globalConfigQuery } from './global-config';

type SentryModule = typeof import('@sentry/react');
export type ErrorReportingSettings = GlobalConfig['error_reporting'];

let sentry: Promise<SentryModule | null> | null = null;

/** Whether the settings and the visitor's choice allow reporting. */
export function canReportErrors(settings: ErrorReportingSettings | undefined): settings is ErrorReportingSettings & {
  dsn: string;
} {
  return Boolean(settings?.dsn) && hasConsent('analytics');
}

/** Starts the SDK once; later calls return the same promise. Resolves false when not allowed. */
export async function startErrorReporting(
  settings: ErrorReportingSettings | undefined,
  load: () => Promise<SentryModule> = () => import('@sentry/react'),
): Promise<boolean> {
  if (!canReportErrors(settings)) return false;
  sentry ??= load()
    .then((Sentry) => {
      Sentry.init({
        dsn: settings.dsn,
        environment: settings.environment,
        tracesSampleRate: settings.traces_sample_rate,
        replaysSessionSampleRate: settings.replays_session_sample_rate,
        replaysOnErrorSampleRate: settings.replays_on_error_sample_rate,
        integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
      });
      return Sentry;
    })
    .catch(() => {
      // Reporting is best effort: a blocked SDK download must never break the app.
      sentry = null;
      return null;
    });
  return (await sentry) !== null;
}

/** Stops reporting when the visitor withdraws analytics consent. */
export async function stopErrorReporting(): Promise<void> {
  const running = sentry;
  sentry = null;
  const Sentry = await running;
  await Sentry?.close();
}

/** Sends an error if reporting is running; otherwise does nothing. */
export function reportError(error: unknown): void {
  void sentry?.then((Sentry) => Sentry?.captureException(error));
}

/** For a page made of islands, which has no app to mount the hook in: follows the consent choice. */
export function followErrorReporting(
  settings: ErrorReportingSettings,
  load?: Parameters<typeof startErrorReporting>[1],
): void {
  const apply = () => void (hasConsent('analytics') ? startErrorReporting(settings, load) : stopErrorReporting());
  apply();
  subscribeConsent(apply);
}

/** Mounted once in the app: follows the global configuration and the consent choice. */
export function useErrorReporting(): void {
  const { data } = useQuery(globalConfigQuery);
  const { choice } = useConsent();
  const analytics = choice?.analytics ?? false;
  useEffect(() => {
    if (!data?.error_reporting.dsn) return;
    if (analytics) void startErrorReporting(data.error_reporting);
    else void stopErrorReporting();
  }, [data, analytics]);
}
