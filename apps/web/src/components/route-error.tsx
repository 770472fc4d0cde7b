// The root route's error screen. A chunk that could not be downloaded ("Loading chunk failed")
// offers a reload, which fetches the current index.html and its chunks; any other error gets a generic
// screen. Texts are in the `common` namespace, loaded at start-up, because when a chunk fails the
// network may be down and no further catalogue could be fetched.
import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporting';
import { isChunkLoadError } from '../lib/lazy-import';

export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}

/** The screen itself, separate from the router hook so that it can be rendered on its own. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!chunk && !isRouteErrorResponse(error)) reportError(error);
  }, [chunk, error]);

  const title = chunk ? t('routeError.chunkTitle') : t('routeError.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Center mih="100dvh" p="lg" component="main" data-testid={chunk ? 'chunk-error' : 'route-error'}>
      <Stack align="center" ta="center" gap="md" maw={520}>
        <ThemeIcon size={72} radius="xl" variant="light" color={chunk ? 'navy' : 'red'} aria-hidden>
          {chunk ? <IconCloudOff size={38} stroke={1.5} /> : <IconAlertTriangle size={38} stroke={1.5} />}
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed">{chunk ? t('routeError.chunkBody') : t('routeError.body')}</Text>
        {isRouteErrorResponse(error) && (
          <Code>
            {error.status} {error.statusText}
          </Code>
        )}
        <Group justify="center" mt="sm">
          <Button
            leftSection={<IconRefresh size={18} stroke={1.6} />}
            onClick={() => window.location.reload()}
            data-testid="route-error-reload"
          >
            {t('routeError.reload')}
          </Button>
          {!chunk && (
            <Button component="a" href="/home/" variant="default">
              {t('routeError.home')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
