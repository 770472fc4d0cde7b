import { Center, Drawer, Loader, ScrollArea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  onClose(): void;
  title: ReactNode;
  loading?: boolean;
  children?: ReactNode;
  testId?: string;
}

/** The detail panel of a list row: from the right on a wide screen, full screen on a phone. */
export function ResourceDrawer({ opened, onClose, title, loading, children, testId }: Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={phone ? '100%' : 'lg'}
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid={testId ?? 'resource-drawer'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {loading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        children
      )}
    </Drawer>
  );
}
