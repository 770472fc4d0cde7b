import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader size="md" />
    </Center>
  );
}
