// Who a back-office row belongs to: the name (or the email, or the id when neither is known), with the
// email under a name.
import { Box } from '@mantine/core';
import { TruncatedText } from '../../lib/resource/truncated-text';

interface Props {
  user: { id: number; email: string | null; full_name: string | null };
}

export function CustomerCell({ user }: Props) {
  return (
    <Box component="span" display="block">
      <TruncatedText text={user.full_name || user.email || `#${user.id}`} display="block" />
      {user.full_name && user.email && <TruncatedText text={user.email} display="block" size="xs" c="dimmed" />}
    </Box>
  );
}
