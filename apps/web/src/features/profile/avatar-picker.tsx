// The customer's picture on the profile: choose a PNG or JPEG (the server cuts it square and resizes it),
// or remove it to show the initials again. A refusal is said under the picture, in the reader's language.
import type { Me } from '@lombard/shared/schemas/auth';
import { MAX_UPLOAD_MEGABYTES } from '@lombard/shared/schemas/documents';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useSingleFlight } from '../../lib/forms/single-flight';
import { http } from '../../lib/http/client';
import { isHttpError } from '../../lib/http/http-error';
import { notifySuccess } from '../../lib/notify';
import { meQuery } from '../../lib/session/session-queries';

const AVATAR_API = '/api/account/avatar/';

export function AvatarPicker({ user }: { user: Me }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const settle = (me: Me, message: string) => {
    client.setQueryData(meQuery.queryKey, me);
    setProblem(null);
    notifySuccess(message);
  };
  const refused = (error: unknown) => {
    const body = isHttpError(error) ? error.response?.data : null;
    const messages = body && typeof body === 'object' ? (body as { avatar?: unknown }).avatar : undefined;
    if (Array.isArray(messages)) setProblem(messages.map(String).join(' '));
    else throw error;
  };
  const [upload, uploading] = useSingleFlight(async (file: File | null) => {
    if (!file) return;
    const body = new FormData();
    body.append('avatar', file, file.name);
    try {
      const { data } = await http.put<Me>(AVATAR_API, body, { silent: [400, 413], timeout: 120_000 });
      settle(data, t('profile.avatar.saved'));
    } catch (error) {
      refused(error);
    }
  });
  const [remove, removing] = useSingleFlight(async () => {
    const { data } = await http.delete<Me>(AVATAR_API);
    settle(data, t('profile.avatar.removed'));
  });

  return (
    <Stack gap={6} align="flex-start" data-testid="avatar-picker">
      <Group gap="md" wrap="nowrap">
        <UserAvatar user={user} size={64} />
        <Stack gap={4}>
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={uploading}
                leftSection={<IconPhotoUp size={14} aria-hidden />}
                data-testid="avatar-choose"
              >
                {user.contact_avatar_base64 ? t('profile.avatar.change') : t('profile.avatar.add')}
              </Button>
            )}
          </FileButton>
          {user.contact_avatar_base64 && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={removing}
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => void remove()}
              data-testid="avatar-remove"
            >
              {t('profile.avatar.remove')}
            </Button>
          )}
        </Stack>
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined} data-testid="avatar-hint">
        {problem ?? t('profile.avatar.hint', { max: MAX_UPLOAD_MEGABYTES })}
      </Text>
    </Stack>
  );
}
