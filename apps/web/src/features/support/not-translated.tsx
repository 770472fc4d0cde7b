import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown when the language changes on a help-centre page that has no translation in the new language. */
export function NotTranslated() {
  const { t } = useTranslation('support');
  return (
    <Container size="sm" py={96} data-testid="support-not-translated">
      <Stack align="center" ta="center" gap="md">
        <Title order={1} fz={28}>
          {t('notTranslated.title')}
        </Title>
        <Text c="dimmed">{t('notTranslated.body')}</Text>
        <Button component={Link} to="/support/">
          {t('notTranslated.back')}
        </Button>
      </Stack>
    </Container>
  );
}
