import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends ButtonProps {
  submitting: boolean;
  children: ReactNode;
  testId?: string;
}

/** The submit button of every form: busy while the call runs, full width on a phone. */
export function SubmitButton({ submitting, children, testId, ...props }: Props) {
  return (
    <Button type="submit" loading={submitting} w={{ base: '100%', sm: 'fit-content' }} data-testid={testId} {...props}>
      {children}
    </Button>
  );
}
